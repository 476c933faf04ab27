import "server-only";
import { db } from "@/lib/db";

export type DatabaseHealth = { ok: true; latencyMs: number } | { ok: false; error: string };

export async function checkDatabase(): Promise<DatabaseHealth> {
  const started = performance.now();
  try {
    await db.$queryRaw`SELECT 1`;
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    console.error("Database health check failed:", error);
    return { ok: false, error: "Database unreachable" };
  }
}
