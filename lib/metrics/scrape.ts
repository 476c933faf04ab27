// GET /api/metrics: who may read the metrics, and the gauges read at scrape time (the pools, the job
// queues) before the registry is written out in Prometheus's text format.
import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import type pg from "pg";
import { dbPool } from "@/lib/database/db";
import { env } from "@/lib/env";
import { DomainError, notFound } from "@/lib/errors";
import { log } from "@/lib/log";
import { openedPgPool } from "@/lib/database/pg";
import { replicaReport } from "@/lib/database/replicas";
import { metrics } from "./index";

const METRICS_TOKEN_REQUIRED = "Not authorized: send the metrics token (METRICS_TOKEN) as a Bearer token";

/** Without METRICS_TOKEN the endpoint is off (404, as any unknown path); with it, the Bearer token must match. */
export function authorizeScrape(request: Request): void {
  if (!env.METRICS_TOKEN) throw notFound();
  const given = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get("authorization") ?? "")?.[1] ?? "";
  // Compared as digests: equal lengths for timingSafeEqual, and no hint of the token's length.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (!timingSafeEqual(digest(given), digest(env.METRICS_TOKEN)))
    throw new DomainError("not-signed-in", METRICS_TOKEN_REQUIRED, { bearerRealm: "metrics" });
}

function recordPool(name: string, pool: pg.Pool | undefined) {
  const gauge = metrics().databasePool;
  gauge.set({ pool: name, state: "in_use" }, pool ? pool.totalCount - pool.idleCount : 0);
  gauge.set({ pool: name, state: "idle" }, pool?.idleCount ?? 0);
  gauge.set({ pool: name, state: "waiting" }, pool?.waitingCount ?? 0);
}

/** Catalogue reads by where they went, and each read replica's lag (+Inf: not answering). */
function recordReplicas() {
  const { reads, lags } = replicaReport();
  const { catalogueReads, replicaLag } = metrics();
  // The process keeps the counts (lib/database sits below the metrics); the counter reports them.
  catalogueReads.reset();
  for (const [source, count] of Object.entries(reads)) catalogueReads.inc({ source }, count);
  for (const [replica, lag] of Object.entries(lags)) replicaLag.set({ replica }, lag ?? Number.POSITIVE_INFINITY);
}

/** A job queue's counts, as lib/jobs/queue.ts reads them. */
export type QueueCounts = { name: string; queuedCount: number; activeCount: number; failedCount: number };

async function recordQueues(readQueues: () => Promise<QueueCounts[]>) {
  const gauge = metrics().jobQueue;
  try {
    const queues = await readQueues();
    gauge.reset();
    for (const queue of queues) {
      gauge.set({ queue: queue.name, state: "queued" }, queue.queuedCount);
      gauge.set({ queue: queue.name, state: "active" }, queue.activeCount);
      gauge.set({ queue: queue.name, state: "failed" }, queue.failedCount);
    }
  } catch (error) {
    // The database is down: the other metrics still answer (the queue gauges are left out).
    gauge.reset();
    log.warn({ err: error }, "metrics: could not read the job queues");
  }
}

/**
 * The registry in Prometheus's text format, with the gauges read now. The job queues' counts come from
 * the caller (the queue sits above the metrics, which every layer counts into).
 */
export async function scrapeMetrics(
  readQueues: () => Promise<QueueCounts[]>,
): Promise<{ body: string; contentType: string }> {
  recordPool("prisma", dbPool());
  recordPool("pg", openedPgPool());
  recordReplicas();
  await recordQueues(readQueues);
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
