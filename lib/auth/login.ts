import "server-only";
// Email and password sign-in, shared by POST /api/user and NextAuth's credentials provider: the
// same throttling (lib/auth/login-throttle.ts), messages and device cookie on both paths.
import { invalid } from "@/lib/errors";
import type { UserRow } from "@/lib/data/users";
import { INVALID_LOGIN, checkCredentials } from "./accounts";
import type { LoginInput } from "@/lib/validation/user";
import { clientIp } from "@/lib/http/client-ip";
import { rememberDevice, trustedDeviceId } from "./device-cookie";
import { loginThrottle } from "./login-throttle";

/**
 * The user these credentials belong to. Throws 429 (with Retry-After) when this client may not try
 * this email now, and 400 `Email or password is invalid` for an unknown email or a wrong password
 * alike. On success the browser gets a device cookie for the account.
 */
export async function authenticate(input: LoginInput, request: { headers: Pick<Headers, "get"> }): Promise<UserRow> {
  const client = { ip: clientIp(request), deviceId: await trustedDeviceId(request.headers, input.email) };
  const throttle = loginThrottle();
  await throttle.check(input.email, client);
  const user = await checkCredentials(input);
  if (!user) {
    await throttle.recordFailure(input.email, client);
    throw invalid(INVALID_LOGIN);
  }
  await throttle.recordSuccess(input.email, client);
  await rememberDevice(input.email);
  return user;
}
