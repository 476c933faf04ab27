import { requireUser } from "@/lib/auth";
import { confirmEmailChange } from "@/lib/auth/email-verification";
import { parseJson, preflight, route } from "@/lib/http";
import { publicOrigin } from "@/lib/http/public-url";
import { linkTokenSchema } from "@/lib/validation/account";

/** Completes an email change with the link sent to the new address; the member who asked must be signed in. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return confirmEmailChange(user.id, (await parseJson(request, linkTokenSchema)).token, publicOrigin(request));
});

export const OPTIONS = preflight;
