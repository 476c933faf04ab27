// Prometheus metrics of this process, served by GET /api/metrics (docs/deploy.md "Metrics").
//
// One registry per process, kept in lib/process-state.ts: server.ts (which sees every request) loads this
// module through tsx, the app's route handlers and jobs through Next's bundle, and both must count
// into the same metrics. Counting is a function call here, so the code that does the work (uploads,
// transcodes) carries one line each. Not "server-only": server.ts imports it outside Next.
import client from "prom-client";
import { processState } from "@/lib/process-state";

type UploadKind = "image" | "video" | "subtitle";

type Metrics = {
  registry: client.Registry;
  requests: client.Histogram<"method" | "route" | "status">;
  pageCache: client.Counter<"route" | "result">;
  transcodes: client.Histogram<"outcome">;
  uploadBytes: client.Counter<"kind">;
  passwordHashing: client.Histogram<"work">;
  databasePool: client.Gauge<"pool" | "state">;
  jobQueue: client.Gauge<"queue" | "state">;
  catalogueReads: client.Counter<"source">;
  replicaLag: client.Gauge<"replica">;
};

declare module "@/lib/process-state" {
  interface ProcessState {
    metrics: Metrics;
  }
}

function createMetrics(): Metrics {
  const registry = new client.Registry();
  // process_* and nodejs_*: CPU, memory, event loop lag, open handles, garbage collection.
  client.collectDefaultMetrics({ register: registry });
  return {
    registry,
    requests: new client.Histogram({
      name: "marquee_http_request_duration_seconds",
      help: "HTTP requests by method, route pattern and status, and their time to the last byte (its _count is the request count).",
      labelNames: ["method", "route", "status"],
      // From a kept page (about a millisecond) to a slow upload.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers: [registry],
    }),
    pageCache: new client.Counter({
      name: "marquee_page_cache_total",
      help: "Answers that went through Next's page cache, by route pattern and result (x-nextjs-cache: hit, stale, miss...).",
      labelNames: ["route", "result"],
      registers: [registry],
    }),
    transcodes: new client.Histogram({
      name: "marquee_transcode_duration_seconds",
      help: "Transcode jobs run by this process, by outcome (ready, failed, superseded, error: retried), and how long they took.",
      labelNames: ["outcome"],
      buckets: [5, 15, 30, 60, 120, 300, 600, 1200, 1800, 3600, 7200],
      registers: [registry],
    }),
    uploadBytes: new client.Counter({
      name: "marquee_upload_bytes_total",
      help: "Bytes of uploads stored through this process, by kind.",
      labelNames: ["kind"],
      registers: [registry],
    }),
    passwordHashing: new client.Histogram({
      name: "marquee_password_hash_duration_seconds",
      help: "argon2id work of this process, by work (hash: a password set; verify: a password checked), and its time: the costliest CPU and memory (19 MiB each) a request can ask for.",
      labelNames: ["work"],
      buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    databasePool: new client.Gauge({
      name: "marquee_db_pool_connections",
      help: "Connections of this process's database pools (prisma: the app's queries; pg: the login throttle and small helpers), by state: in_use, idle, and waiting (queries waiting for a connection).",
      labelNames: ["pool", "state"],
      registers: [registry],
    }),
    jobQueue: new client.Gauge({
      name: "marquee_job_queue_jobs",
      help: "Jobs in each pg-boss queue by state (queued, active, failed), as pg-boss last counted them.",
      labelNames: ["queue", "state"],
      registers: [registry],
    }),
    catalogueReads: new client.Counter({
      name: "marquee_db_catalogue_reads_total",
      help: "Catalogue reads that may go to a read replica (suggestions, Did you mean), by where they went: replica, or primary (no replica configured or fresh, or the replica failed).",
      labelNames: ["source"],
      registers: [registry],
    }),
    replicaLag: new client.Gauge({
      name: "marquee_db_replica_lag_seconds",
      help: "How far each read replica (DATABASE_REPLICA_URLS, numbered from 1) is behind the primary, from the heartbeat row; +Inf when it does not answer or has no heartbeat yet.",
      labelNames: ["replica"],
      registers: [registry],
    }),
  };
}

export function metrics(): Metrics {
  processState.metrics ??= createMetrics();
  return processState.metrics;
}

/** Counts one stored upload (the storage key's folder says its kind). */
export function countUpload(key: string, bytes: number): void {
  const folder = key.slice(0, key.indexOf("/"));
  const kind: UploadKind = folder === "movie" ? "video" : folder === "subtitle" ? "subtitle" : "image";
  metrics().uploadBytes.inc({ kind }, bytes);
}

/** Runs a transcode job and records how long it took and how it ended (an error is retried by pg-boss). */
export async function timeTranscode<T extends { outcome: string }>(run: () => Promise<T>): Promise<T> {
  const stop = metrics().transcodes.startTimer();
  try {
    const result = await run();
    stop({ outcome: result.outcome });
    return result;
  } catch (error) {
    stop({ outcome: "error" });
    throw error;
  }
}
