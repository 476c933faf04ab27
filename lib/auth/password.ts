// Passwords are hashed with argon2id (OWASP's recommended parameters: 19 MiB, 2 passes): the costliest
// work a request can ask for, so each is timed into marquee_password_hash_duration_seconds.
import { hash, verify } from "@node-rs/argon2";
import { metrics } from "@/lib/metrics";

const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return timed("hash", () => hash(password, OPTIONS));
}

/** False for an empty hash (a Google-only account has no password) or a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await timed("verify", () => verify(passwordHash, password));
  } catch {
    return false;
  }
}

async function timed<T>(work: "hash" | "verify", run: () => Promise<T>): Promise<T> {
  const end = metrics().passwordHashing.startTimer({ work });
  try {
    return await run();
  } finally {
    end();
  }
}
