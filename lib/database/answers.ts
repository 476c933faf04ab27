import "server-only";
import pg from "pg";
import { env } from "@/lib/env";
import { processState } from "@/lib/process-state";

/** A page waits this long for the database before the visitor gets the 503 page. */
const PAGE_DATABASE_TIMEOUT_MS = 3_000;
/** A good answer is trusted this long: at most one probe a second per process. */
const ANSWER_KEPT_MS = 1_000;

declare module "@/lib/process-state" {
  interface ProcessState {
    /** The last answer of databaseAnswers(), shared by the requests of the same second. */
    databaseProbe: { at: number; answered: Promise<boolean> };
    probePool: pg.Pool;
  }
}

/**
 * The probe's own connection, outside the app's pool (lib/database/db.ts): when every connection of that
 * pool is busy with requests, a probe sent through it waited in line behind them and, after 3 s,
 * said the database was down while it was serving (3% of pages under 200 clients). On its own
 * connection the probe asks only the question "does the database answer?"; a busy server is
 * server.ts's to answer (lib/http/admission.ts).
 */
function probePool(): pg.Pool {
  if (!processState.probePool) {
    if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set.");
    const pool = new pg.Pool({
      connectionString: env.DATABASE_URL,
      max: 1,
      // Kept open while idle: opening a connection costs PostgreSQL a process, slow on a starved
      // machine, and the probe should not pay it every few seconds.
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: PAGE_DATABASE_TIMEOUT_MS,
      query_timeout: PAGE_DATABASE_TIMEOUT_MS,
      application_name: "marquee-probe",
    });
    // An idle connection losing its server (a restart) must not crash the process.
    pool.on("error", () => {});
    processState.probePool = pool;
  }
  return processState.probePool;
}

/**
 * Whether the database answers a trivial query, on a connection of its own, within
 * PAGE_DATABASE_TIMEOUT_MS: proxy.ts asks
 * before every page, so a database that is down or hung gives the 503 page at once instead of a
 * skeleton that never fills. Requests at the same moment share one query; a good answer is reused
 * for a second, a bad one is asked again by the next request (the database may be back).
 */
export function databaseAnswers(): Promise<boolean> {
  const last = processState.databaseProbe;
  if (last && Date.now() - last.at < ANSWER_KEPT_MS) return last.answered;
  const answered = probe();
  const entry = { at: Date.now(), answered };
  processState.databaseProbe = entry;
  // A failed probe is not kept: only the requests already waiting share it.
  void answered.then((ok) => {
    if (!ok && processState.databaseProbe === entry) processState.databaseProbe = undefined;
  });
  return answered;
}

async function probe(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>(
    (resolve) => (timer = setTimeout(() => resolve(false), PAGE_DATABASE_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([
      probePool()
        .query("SELECT 1")
        .then(() => true),
      timedOut,
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
