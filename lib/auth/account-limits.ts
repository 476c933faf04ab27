import "server-only";
// Rate limits of the account endpoints that anyone can call or that send mail (docs/security.md
// "Accounts"). Like the login limits, the counters are rows of PostgreSQL's RateLimit table,
// kept by rate-limiter-flexible, so every app instance shares them; keys are SHA-256 hashes.
import { createHash } from "node:crypto";
import { RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import { env } from "@/lib/env";
import { rateLimited } from "@/lib/errors";
import { pgPool } from "@/lib/database/pg";
import { processState } from "@/lib/process-state";

const TOO_MANY_SIGN_UPS = "Too many sign-ups from this address, please try again later";
const TOO_MANY_RESETS = "Too many password reset requests, please try again later";
const TOO_MANY_EMAILS = "Too many emails sent, please try again later";
const TOO_MANY_PASSKEY_CHALLENGES = "Too many passkey attempts, please try again later";

const HOUR = 60 * 60;

/** One fixed-window counter: `points` per `seconds`, answered with `message` past it. */
type Limit = { name: string; points: number; seconds: number; message: string };

const limits = {
  /** Sign-ups per IP, taken emails (409) included: the same address cannot probe emails in bulk either. */
  signUpPerIp: () => ({
    name: "register-ip",
    points: env.REGISTER_RATE_LIMIT,
    seconds: env.REGISTER_RATE_WINDOW_SECONDS,
    message: TOO_MANY_SIGN_UPS,
  }),
  /** Reset links per email, whether or not it has an account (so the limit tells nothing either). */
  resetPerEmail: () => ({ name: "reset-email", points: 3, seconds: HOUR, message: TOO_MANY_RESETS }),
  resetPerIp: () => ({ name: "reset-ip", points: 10, seconds: HOUR, message: TOO_MANY_RESETS }),
  /** Verification and email change links a member may have sent. */
  mailsPerUser: () => ({ name: "mail-user", points: 5, seconds: HOUR, message: TOO_MANY_EMAILS }),
  /** Passkey challenges handed to anonymous clients (each is a row until it is used or expires). */
  passkeyChallengesPerIp: () => ({
    name: "passkey-ip",
    points: 60,
    seconds: 10 * 60,
    message: TOO_MANY_PASSKEY_CHALLENGES,
  }),
} satisfies Record<string, () => Limit>;

export type AccountLimit = keyof typeof limits;

declare module "@/lib/process-state" {
  interface ProcessState {
    accountLimiters: Map<string, RateLimiterPostgres>;
  }
}

function limiterFor(limit: Limit): RateLimiterPostgres {
  const limiters = (processState.accountLimiters ??= new Map<string, RateLimiterPostgres>());
  let limiter = limiters.get(limit.name);
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: pgPool(),
      storeType: "pool",
      tableName: "RateLimit", // created by a migration, not at run time
      tableCreated: true,
      clearExpiredByTimeout: false, // the clean-up job (lib/worker/maintenance.ts) deletes expired rows
      keyPrefix: limit.name,
      points: limit.points,
      duration: limit.seconds,
    });
    limiters.set(limit.name, limiter);
  }
  return limiter;
}

/**
 * Spends one attempt of `which` for `key` (an IP, an email, a user id). Past the limit: 429 with the
 * limit's message and Retry-After, thrown before the caller does anything. A null key (no client
 * address known) is not counted.
 */
export async function spendAttempt(which: AccountLimit, key: string | null): Promise<void> {
  if (key === null) return;
  const limit = limits[which]();
  try {
    await limiterFor(limit).consume(createHash("sha256").update(key).digest("base64url"));
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    const retryAfter = Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    throw rateLimited(limit.message, retryAfter);
  }
}
