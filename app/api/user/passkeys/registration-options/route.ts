import { requireUser } from "@/lib/auth";
import { registrationOptions } from "@/lib/auth/passkeys";
import { preflight, route } from "@/lib/http";

/** Options for navigator.credentials.create(), with a challenge for this member (5 minutes, once). */
export const POST = route(async (request) => registrationOptions(await requireUser(request), request));

export const OPTIONS = preflight;
