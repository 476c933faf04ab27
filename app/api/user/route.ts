import { requireUser } from "@/lib/auth";
import { clientIp } from "@/lib/http/client-ip";
import { deleteAccount, loginUser, updateProfile } from "@/lib/data/users";
import { parseJson, preflight, route } from "@/lib/http";
import { loginSchema, profileSchema } from "@/lib/validation/user";

export const dynamic = "force-dynamic";

/** Login: UserInfo with a bearer token. */
export const POST = route(async (request) => {
  const input = await parseJson(request, loginSchema);
  return loginUser(input, clientIp(request));
});

/** Profile update: UserInfo with a fresh token. */
export const PUT = route(async (request) => {
  const user = await requireUser(request);
  return updateProfile(user.id, await parseJson(request, profileSchema));
});

/** Deletes the caller's account. */
export const DELETE = route(async (request) => {
  const user = await requireUser(request);
  return deleteAccount(user.id);
});

export const OPTIONS = preflight;
