import { requestPasswordReset } from "@/lib/auth/password-reset";
import { parseJson, preflight, route } from "@/lib/http";
import { clientIp } from "@/lib/http/client-ip";
import { publicOrigin } from "@/lib/http/public-url";
import { forgotPasswordSchema } from "@/lib/validation/account";

/** "Forgot password?": mails a reset link if the email has an account; the answer is the same either way. */
export const POST = route(async (request) => {
  const { email } = await parseJson(request, forgotPasswordSchema);
  return requestPasswordReset(email, { ip: clientIp(request), origin: publicOrigin(request) });
});

export const OPTIONS = preflight;
