import { spendAttempt } from "@/lib/auth/account-limits";
import { sendVerificationAfterSignUp } from "@/lib/auth/email-verification";
import { registerUser } from "@/lib/auth/accounts";
import { json, parseJson, preflight, route } from "@/lib/http";
import { clientIp } from "@/lib/http/client-ip";
import { mediaUrls } from "@/lib/http/media-urls";
import { publicOrigin } from "@/lib/http/public-url";
import { registerSchema } from "@/lib/validation/user";

/** Sign-up: limited per client address (429), then the new account gets a link to verify its email. */
export const POST = route(async (request) => {
  const input = await parseJson(request, registerSchema);
  await spendAttempt("signUpPerIp", clientIp(request));
  const user = await registerUser(input);
  sendVerificationAfterSignUp(user._id, publicOrigin(request));
  return json(mediaUrls(request).userInfo(user), 201);
});

export const OPTIONS = preflight;
