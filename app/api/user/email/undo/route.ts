import { undoEmailChange } from "@/lib/auth/email-change-undo";
import { parseJson, preflight, route } from "@/lib/http";
import { resetPasswordSchema } from "@/lib/validation/account";

/**
 * "Wasn't you?": with the link mailed to the old address, puts it back and sets a new password; every
 * session, token and link of the account ends.
 */
export const POST = route(async (request) => undoEmailChange(await parseJson(request, resetPasswordSchema)));

export const OPTIONS = preflight;
