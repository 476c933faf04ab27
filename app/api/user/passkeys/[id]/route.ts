import { requireUser } from "@/lib/auth";
import { removePasskey } from "@/lib/auth/passkeys";
import { preflight, route } from "@/lib/http";

type Context = { params: Promise<{ id: string }> };

/** Removes one of the member's passkeys; it no longer signs in. */
export const DELETE = route<Context>(async (request, { params }) => {
  const user = await requireUser(request);
  return removePasskey(user.id, (await params).id);
});

export const OPTIONS = preflight;
