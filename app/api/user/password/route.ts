import { requireUser } from "@/lib/auth";
import { changePassword } from "@/lib/data/users";
import { parseJson, preflight, route } from "@/lib/http";
import { passwordSchema } from "@/lib/validation/user";

export const PUT = route(async (request) => {
  const user = await requireUser(request);
  return changePassword(user.id, await parseJson(request, passwordSchema));
});

export const OPTIONS = preflight;
