import { signInWithPasskey } from "@/lib/auth/passkeys";
import { userInfoWithNewToken } from "@/lib/auth/accounts";
import { parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { passkeyLoginSchema } from "@/lib/validation/account";

/** Log in with a passkey: like POST /api/user, UserInfo with a bearer token. */
export const POST = route(async (request) => {
  const { response } = await parseJson(request, passkeyLoginSchema);
  return mediaUrls(request).userInfo(await userInfoWithNewToken(await signInWithPasskey(response, request)));
});

export const OPTIONS = preflight;
