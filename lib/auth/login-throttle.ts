import "server-only";
// Login throttling (docs/security.md "Login throttling"), shared by every app instance: the counters
// live in PostgreSQL through rate-limiter-flexible's RateLimiterPostgres, whose upsert is one atomic
// statement, so two instances (or two requests at once) never both spend the last attempt.
//
// Following OWASP's "Slow Down Online Guessing Attacks with Device Cookies", nobody can lock an owner
// out of their account by failing on purpose:
// - a browser that signed in to the account before (a valid device cookie for that email) is counted
//   only against its own allowance: no IP, pair or email counter applies to it;
// - any other client is counted per IP (the same limit as before), per (email, IP) pair with an
//   exponentially growing wait, and against a higher per-email ceiling shared by all untrusted clients.
//
// Re-entering the password while signed in (docs/security.md "Re-authentication throttling") is the
// same guessing through another door, so it is counted here too, on the same terms: per member, and
// a browser holding the member's device cookie on its own allowance.
import { createHash } from "node:crypto";
import type pg from "pg";
import { RateLimiterPostgres, type RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { rateLimited } from "@/lib/errors";
import { pgPool } from "@/lib/database/pg";
import { processState } from "@/lib/process-state";

export const TOO_MANY_LOGINS = "Too many login attempts, please try again later";
const TOO_MANY_WRONG_PASSWORDS = "Too many wrong passwords, please try again later";

export type LoginLimits = {
  /** Failed attempts per window from one IP (untrusted clients). */
  perIp: number;
  /** Failed attempts per window from one trusted device (a device cookie for the account). */
  perDevice: number;
  /** Failed attempts per window for one email from all untrusted clients together. */
  emailCeiling: number;
  windowSeconds: number;
  /** Failures of one (email, IP) pair before it has to wait between attempts. */
  backoffAfter: number;
  /** The first wait, doubled with every further failure of the pair, up to the window. */
  backoffBaseSeconds: number;
};

/** Who is trying: the IP (when known) and, when its device cookie is valid for this email, the device. */
export type LoginClient = { ip: string | null; deviceId: string | null };

/** Who re-enters a password: the signed-in member and, when its device cookie is valid for the member, the device. */
export type ReauthClient = { userId: string; deviceId: string | null };

const defaultLoginLimits = (): LoginLimits => ({
  perIp: env.LOGIN_RATE_LIMIT,
  perDevice: env.LOGIN_RATE_LIMIT,
  emailCeiling: env.LOGIN_EMAIL_CEILING,
  windowSeconds: env.LOGIN_RATE_WINDOW_SECONDS,
  backoffAfter: env.LOGIN_BACKOFF_AFTER,
  backoffBaseSeconds: env.LOGIN_BACKOFF_BASE_SECONDS,
});

/** Keys are hashed: the table holds no emails or addresses, and every key fits its column. */
const keyOf = (...parts: string[]) => createHash("sha256").update(parts.join("\n")).digest("base64url");

export type LoginThrottle = ReturnType<typeof createLoginThrottle>;

export function createLoginThrottle(pool: pg.Pool, limits: LoginLimits) {
  const limiter = (keyPrefix: string, points: number, duration = limits.windowSeconds) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: "RateLimit", // created by a migration, not at run time
      tableCreated: true,
      clearExpiredByTimeout: false, // the clean-up job (lib/worker/maintenance.ts) deletes expired rows
      keyPrefix,
      points,
      duration,
    });
  const perIp = limiter("login-ip", limits.perIp);
  const perDevice = limiter("login-device", limits.perDevice);
  const perEmail = limiter("login-email", limits.emailCeiling);
  // Failures of a pair are remembered for a day, so the wait keeps growing across windows.
  const pairFailures = limiter("login-pair", Number.MAX_SAFE_INTEGER, 24 * 60 * 60);
  const pairWait = limiter("login-pair-wait", 1);
  // Wrong passwords typed while signed in: per member from every client without its device cookie
  // together (a stolen bearer token or session), and per device for the member's own browsers.
  const reauthPerMember = limiter("reauth-member", limits.perDevice);
  const reauthPerDevice = limiter("reauth-device", limits.perDevice);
  const reauthCounter = (client: ReauthClient): [RateLimiterPostgres, string] =>
    client.deviceId
      ? [reauthPerDevice, keyOf(client.userId, client.deviceId)]
      : [reauthPerMember, keyOf(client.userId)];

  const tooMany = (message: string, verdicts: (RateLimiterRes | null)[]): void => {
    const exhausted = verdicts.filter((res): res is RateLimiterRes => res !== null && res.remainingPoints === 0);
    if (exhausted.length === 0) return;
    const retryAfterSeconds = Math.max(1, ...exhausted.map((res) => Math.ceil(res.msBeforeNext / 1000)));
    throw rateLimited(message, retryAfterSeconds);
  };

  /** The limiters that apply to this client, each with its key. */
  function applicable(email: string, client: LoginClient): [RateLimiterPostgres, string][] {
    if (client.deviceId) return [[perDevice, keyOf(client.deviceId)]];
    const pair = keyOf(email, client.ip ?? "");
    return [
      ...(client.ip ? [[perIp, keyOf(client.ip)] as [RateLimiterPostgres, string]] : []),
      [pairWait, pair],
      [perEmail, keyOf(email)],
    ];
  }

  return {
    /** Wrong passwords a member (or one of its devices) may type while signed in, per window. */
    reauthLimit: limits.perDevice,

    /** Throws 429 with Retry-After when this client may not try this email now. */
    async check(email: string, client: LoginClient): Promise<void> {
      const verdicts = await Promise.all(applicable(email, client).map(([limit, key]) => limit.get(key)));
      tooMany(TOO_MANY_LOGINS, verdicts);
    },

    /** Counts a failed attempt; an untrusted pair past its free failures must wait, twice as long each time. */
    async recordFailure(email: string, client: LoginClient): Promise<void> {
      if (client.deviceId) {
        await perDevice.penalty(keyOf(client.deviceId));
        return;
      }
      const pair = keyOf(email, client.ip ?? "");
      const [failures] = await Promise.all([
        pairFailures.penalty(pair),
        perEmail.penalty(keyOf(email)),
        client.ip ? perIp.penalty(keyOf(client.ip)) : null,
      ]);
      const beyond = failures.consumedPoints - limits.backoffAfter;
      if (beyond > 0) {
        const wait = Math.min(limits.backoffBaseSeconds * 2 ** Math.min(beyond - 1, 30), limits.windowSeconds);
        await pairWait.block(pair, wait);
      }
    },

    /** A successful sign-in clears the pair's back-off and the device's failures (not the IP's or the email's). */
    async recordSuccess(email: string, client: LoginClient): Promise<void> {
      if (client.deviceId) {
        await perDevice.delete(keyOf(client.deviceId));
        return;
      }
      const pair = keyOf(email, client.ip ?? "");
      await Promise.all([pairFailures.delete(pair), pairWait.delete(pair)]);
    },

    /** Re-authentication: throws 429 with Retry-After when this member (or device) may not try now. */
    async checkReauth(client: ReauthClient): Promise<void> {
      const [counter, key] = reauthCounter(client);
      tooMany(TOO_MANY_WRONG_PASSWORDS, [await counter.get(key)]);
    },

    /** Counts a wrong password typed while signed in; true when it was the last one allowed (tell the owner once). */
    async recordReauthFailure(client: ReauthClient): Promise<boolean> {
      const [counter, key] = reauthCounter(client);
      const res = await counter.penalty(key);
      return res.consumedPoints === limits.perDevice;
    },

    /** The right password clears the device's count (as a sign-in does), never the member's shared one. */
    async recordReauthSuccess(client: ReauthClient): Promise<void> {
      if (client.deviceId) await reauthPerDevice.delete(keyOf(client.userId, client.deviceId));
    },
  };
}

declare module "@/lib/process-state" {
  interface ProcessState {
    loginThrottle: LoginThrottle;
  }
}

/** The app's throttle, over the shared pool. */
export const loginThrottle = (): LoginThrottle =>
  (processState.loginThrottle ??= createLoginThrottle(pgPool(), defaultLoginLimits()));
