import { requireUser } from "@/lib/auth";
import { confirmIdentity } from "@/lib/auth/confirm-identity";
import { userInfoWithNewToken } from "@/lib/auth/accounts";
import { authenticate } from "@/lib/auth/login";
import { deleteAccount, updateProfile } from "@/lib/writes/members";
import { parseJson, preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";
import { deleteAccountSchema } from "@/lib/validation/account";
import { loginSchema, profileSchema } from "@/lib/validation/user";

/** Login: UserInfo with a bearer token. */
export const POST = route(async (request) => {
  const input = await parseJson(request, loginSchema);
  return mediaUrls(request).userInfo(await userInfoWithNewToken(await authenticate(input, request)));
});

/** Profile update: UserInfo with a fresh token. */
export const PUT = route(async (request) => {
  const user = await requireUser(request);
  const media = mediaUrls(request);
  const updated = await updateProfile(user.id, media.profileInput(await parseJson(request, profileSchema)));
  return media.userInfo(await userInfoWithNewToken(updated));
});

/** Deletes the caller's account, once confirmed with the password or a passkey (lib/auth/confirm-identity.ts). */
export const DELETE = route(async (request) => {
  const user = await requireUser(request);
  await confirmIdentity(user, await parseJson(request, deleteAccountSchema), request);
  return deleteAccount(user.id);
});

export const OPTIONS = preflight;
