import "server-only";
// Login throttling: a sliding window of failed attempts per key (an IP, an email).
//
// The windows live in this process's memory. That is enough for one server process (what
// `npm start` runs); several instances behind a load balancer each keep their own windows, so an
// attacker gets LOGIN_RATE_LIMIT attempts per instance. A shared store (Redis, a table) would be the
// next step if Marquee ever runs that way.
import { env } from "@/lib/env";

export type RateLimitVerdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class SlidingWindowLimiter {
  private readonly attempts = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    /** Above this many keys, keys whose attempts have all expired are dropped. */
    private readonly maxKeys = 10_000,
  ) {}

  /** Whether another attempt is allowed for the key now. */
  check(key: string): RateLimitVerdict {
    const recent = this.recent(key);
    if (recent.length < this.limit) return { allowed: true };
    const oldest = recent[recent.length - this.limit]!;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.windowMs - this.now()) / 1000)) };
  }

  /** Counts an attempt against the key. */
  record(key: string): void {
    const recent = this.recent(key);
    recent.push(this.now());
    // Only the last `limit` attempts decide anything: keep memory bounded per key.
    this.attempts.set(key, recent.slice(-this.limit));
    if (this.attempts.size > this.maxKeys) this.prune();
  }

  reset(key: string): void {
    this.attempts.delete(key);
  }

  private recent(key: string): number[] {
    const since = this.now() - this.windowMs;
    return (this.attempts.get(key) ?? []).filter((at) => at > since);
  }

  private prune(): void {
    for (const key of [...this.attempts.keys()]) {
      if (this.recent(key).length === 0) this.attempts.delete(key);
    }
  }
}

/** Failed logins per client IP and per email. One instance per server process. */
const globalForLimiter = globalThis as unknown as { marqueeLoginLimiter?: SlidingWindowLimiter };
export const loginLimiter = (globalForLimiter.marqueeLoginLimiter ??= new SlidingWindowLimiter(
  env.LOGIN_RATE_LIMIT,
  env.LOGIN_RATE_WINDOW_SECONDS * 1000,
));

export const TOO_MANY_LOGINS = "Too many login attempts, please try again later";
