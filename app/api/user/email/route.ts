import { requireUser } from "@/lib/auth";
import { requestEmailChange } from "@/lib/auth/email-verification";
import { parseJson, preflight, route } from "@/lib/http";
import { publicOrigin } from "@/lib/http/public-url";
import { emailChangeSchema } from "@/lib/validation/account";

/** Asks to change the email: a link goes to the new address (the answer is the same for a taken one). */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return requestEmailChange(user.id, await parseJson(request, emailChangeSchema), {
    origin: publicOrigin(request),
    headers: request.headers,
  });
});

export const OPTIONS = preflight;
