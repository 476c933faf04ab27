import { requireUser } from "@/lib/auth";
import { resendVerification } from "@/lib/auth/email-verification";
import { preflight, route } from "@/lib/http";
import { publicOrigin } from "@/lib/http/public-url";

/** Sends the verification link again (the older one stops working). */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return resendVerification(user.id, publicOrigin(request));
});

export const OPTIONS = preflight;
