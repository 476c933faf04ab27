import { resetPassword } from "@/lib/auth/password-reset";
import { parseJson, preflight, route } from "@/lib/http";
import { resetPasswordSchema } from "@/lib/validation/account";

/** Sets the new password with the link's token; every session and token of the account ends. */
export const POST = route(async (request) => resetPassword(await parseJson(request, resetPasswordSchema)));

export const OPTIONS = preflight;
