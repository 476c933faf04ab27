import { verifyEmail } from "@/lib/auth/email-verification";
import { parseJson, preflight, route } from "@/lib/http";
import { linkTokenSchema } from "@/lib/validation/account";

/** Marks the email verified with the link's token (signed in or not: the link is the proof). */
export const POST = route(async (request) => verifyEmail((await parseJson(request, linkTokenSchema)).token));

export const OPTIONS = preflight;
