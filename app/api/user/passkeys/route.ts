import { requireUser } from "@/lib/auth";
import { addPasskey } from "@/lib/auth/passkeys";
import { listPasskeys } from "@/lib/data/passkeys";
import { json, parseJson, preflight, route } from "@/lib/http";
import { addPasskeySchema } from "@/lib/validation/account";

/** The member's passkeys, newest first. */
export const GET = route(async (request) => listPasskeys((await requireUser(request)).id));

/** Adds a passkey: the answer of navigator.credentials.create() to registration options. */
export const POST = route(async (request) => {
  const user = await requireUser(request);
  return json(await addPasskey(user, await parseJson(request, addPasskeySchema), request), 201);
});

export const OPTIONS = preflight;
