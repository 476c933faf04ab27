import { requireUser } from "@/lib/auth";
import { changePassword } from "@/lib/auth/accounts";
import { parseJson, preflight, route } from "@/lib/http";
import { passwordSchema } from "@/lib/validation/user";

/** Changes the password, the old one typed again (wrong ones are throttled like failed logins). */
export const PUT = route(async (request) => {
  const user = await requireUser(request);
  return changePassword(user.id, await parseJson(request, passwordSchema), request);
});

export const OPTIONS = preflight;
