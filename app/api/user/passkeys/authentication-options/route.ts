import { requireUser } from "@/lib/auth";
import { spendAttempt } from "@/lib/auth/account-limits";
import { authenticationOptions } from "@/lib/auth/passkeys";
import { parseJson, preflight, route } from "@/lib/http";
import { clientIp } from "@/lib/http/client-ip";
import { passkeyChallengeSchema } from "@/lib/validation/account";

/**
 * Options for navigator.credentials.get(): `sign-in` for anyone (limited per client address),
 * `confirm` for the signed-in member (its own passkeys only).
 */
export const POST = route(async (request) => {
  const { purpose } = await parseJson(request, passkeyChallengeSchema);
  if (purpose === "confirm") return authenticationOptions(await requireUser(request), request);
  await spendAttempt("passkeyChallengesPerIp", clientIp(request));
  return authenticationOptions(null, request);
});

export const OPTIONS = preflight;
