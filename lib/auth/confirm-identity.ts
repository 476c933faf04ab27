import "server-only";
// Asking again who is at the keyboard before an action that cannot be undone (deleting the account):
// the password, or a passkey, or, for an account that has neither (Google only), its email typed
// out. A web session must confirm; a bearer-token client may, and is otherwise taken at its token
// (DELETE /api/user was first defined without a body; docs/api.md "Users").
import { db } from "@/lib/database/db";
import { invalid, notSignedIn } from "@/lib/errors";
import type { DeleteAccountInput } from "@/lib/validation/account";
import { confirmWithPasskey } from "./passkeys";
import { passwordConfirmed } from "./reauthenticate";
import type { SessionUser } from "./session-user";

const CONFIRM_WITH_PASSWORD_OR_PASSKEY = "Confirm with your password or a passkey";
const CONFIRM_WITH_EMAIL = "Type your email address to confirm";
export const WRONG_PASSWORD = "Password is incorrect";
const PASSKEY_NOT_CONFIRMED = "The passkey did not confirm it is you. Please try again.";
const EMAIL_MISMATCH = "That is not your email address";

/** What an account can confirm with. */
async function confirmationMethods(userId: string): Promise<{ password: boolean; passkeys: number }> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { passwordHash: true, _count: { select: { passkeys: true } } },
  });
  if (!user) throw notSignedIn("Not authorized, token failed");
  return { password: user.passwordHash !== "", passkeys: user._count.passkeys };
}

/** Throws 400 unless `proof` confirms the member (or the request is a bearer client that sent none). */
export async function confirmIdentity(
  user: SessionUser,
  proof: DeleteAccountInput,
  request: Pick<Request, "headers" | "url">,
): Promise<void> {
  if (proof.password !== undefined) {
    // Throttled like failed logins: 429 past the limit, even for the right password.
    const row = await db.user.findUnique({
      where: { id: user.id },
      select: { id: true, email: true, fullName: true, passwordHash: true },
    });
    if (!row) throw notSignedIn("Not authorized, token failed");
    if (!(await passwordConfirmed(row, proof.password, request)))
      throw invalid(WRONG_PASSWORD, { password: [WRONG_PASSWORD] });
    return;
  }
  if (proof.passkey !== undefined) {
    if (!(await confirmWithPasskey(user.id, proof.passkey, request)))
      throw invalid(PASSKEY_NOT_CONFIRMED, { passkey: [PASSKEY_NOT_CONFIRMED] });
    return;
  }
  const methods = await confirmationMethods(user.id);
  const canConfirmStrongly = methods.password || methods.passkeys > 0;
  if (proof.email !== undefined && !canConfirmStrongly) {
    if (proof.email !== user.email.toLowerCase()) throw invalid(EMAIL_MISMATCH, { email: [EMAIL_MISMATCH] });
    return;
  }
  // Nothing (usable) sent. A bearer token is held by a client program, not attached by a browser on
  // its own, and the contract promises this call without a body: it stands as the confirmation.
  if (request.headers.has("authorization")) return;
  const message = canConfirmStrongly ? CONFIRM_WITH_PASSWORD_OR_PASSKEY : CONFIRM_WITH_EMAIL;
  throw invalid(message, { [canConfirmStrongly ? "password" : "email"]: [message] });
}
