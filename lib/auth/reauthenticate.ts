import "server-only";
// The password typed again while signed in, before changing the password or the email or deleting
// the account (docs/security.md "Re-authentication throttling"). Someone holding a stolen session or
// token could otherwise guess the password here without limit; so wrong passwords are counted like
// failed logins (lib/auth/login-throttle.ts): past the limit every attempt, the right password too,
// is 429 with Retry-After, and the owner is mailed once.
import { sendMailLater } from "@/lib/mail";
import { wrongPasswordsNotice } from "@/lib/mail/messages";
import { trustedDeviceId } from "./device-cookie";
import { loginThrottle } from "./login-throttle";
import { verifyPassword } from "./password";

type Member = { id: string; email: string; fullName: string; passwordHash: string };

/**
 * Whether `password` is the member's. Throws 429 (before looking at the password) when the member,
 * or the browser by its device cookie, has typed too many wrong ones; a wrong one is counted. The
 * caller answers a wrong password in its own words.
 */
export async function passwordConfirmed(
  member: Member,
  password: string,
  request: { headers: Pick<Headers, "get"> },
): Promise<boolean> {
  const client = { userId: member.id, deviceId: await trustedDeviceId(request.headers, member.email.toLowerCase()) };
  const throttle = loginThrottle();
  await throttle.checkReauth(client);
  if (await verifyPassword(member.passwordHash, password)) {
    await throttle.recordReauthSuccess(client);
    return true;
  }
  if (await throttle.recordReauthFailure(client)) sendMailLater(wrongPasswordsNotice(member, throttle.reauthLimit));
  return false;
}
