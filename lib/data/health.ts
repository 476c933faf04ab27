import "server-only";
import { db } from "@/lib/database/db";
import { log } from "@/lib/log";
import { storage } from "@/lib/storage";
import type { StorageDriver } from "@/lib/storage/types";
import packageJson from "@/package.json" with { type: "json" };
import type { Health, ServiceHealth } from "@/lib/api-shapes";

export type { Health, ServiceHealth };

/** What a load balancer, a container healthcheck or an operator asks: can this instance serve? */
export async function checkHealth(): Promise<Health> {
  const driver = storage();
  const [database, store] = await Promise.all([checkDatabase(), checkStorage(driver)]);
  return {
    status: database.ok && store.ok ? "ok" : "error",
    version: packageJson.version,
    database,
    storage: { driver: driver.name, ...store },
  };
}

function checkDatabase(): Promise<ServiceHealth> {
  return timed("Database", () => db.$queryRaw`SELECT 1`);
}

export function checkStorage(driver: StorageDriver): Promise<ServiceHealth> {
  return timed("Storage", () => driver.check());
}

/** A health check answers quickly or not at all: a service slower than this counts as down. */
const PROBE_TIMEOUT_MS = 3_000;

async function timed(service: string, probe: () => Promise<unknown>): Promise<ServiceHealth> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_TIMEOUT_MS} ms`)), PROBE_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return { ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    log.error({ err: error }, `${service.toLowerCase()} health check failed`);
    return { ok: false, error: `${service} unreachable` };
  } finally {
    clearTimeout(timer);
  }
}
