import "server-only";
import { db } from "@/lib/db";

/** A page waits this long for the database before the visitor gets the 503 page. */
const PAGE_DATABASE_TIMEOUT_MS = 3_000;
/** A good answer is trusted this long: at most one probe a second per process. */
const ANSWER_KEPT_MS = 1_000;

const globalForProbe = globalThis as unknown as {
  marqueeDatabaseProbe?: { at: number; answered: Promise<boolean> };
};

/**
 * Whether the database answers a trivial query within PAGE_DATABASE_TIMEOUT_MS: proxy.ts asks
 * before every page, so a database that is down or hung gives the 503 page at once instead of a
 * skeleton that never fills. Requests at the same moment share one query; a good answer is reused
 * for a second, a bad one is asked again by the next request (the database may be back).
 */
export function databaseAnswers(): Promise<boolean> {
  const last = globalForProbe.marqueeDatabaseProbe;
  if (last && Date.now() - last.at < ANSWER_KEPT_MS) return last.answered;
  const answered = probe();
  const entry = { at: Date.now(), answered };
  globalForProbe.marqueeDatabaseProbe = entry;
  // A failed probe is not kept: only the requests already waiting share it.
  void answered.then((ok) => {
    if (!ok && globalForProbe.marqueeDatabaseProbe === entry) globalForProbe.marqueeDatabaseProbe = undefined;
  });
  return answered;
}

async function probe(): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>(
    (resolve) => (timer = setTimeout(() => resolve(false), PAGE_DATABASE_TIMEOUT_MS)),
  );
  try {
    return await Promise.race([db.$queryRaw`SELECT 1`.then(() => true), timedOut]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
