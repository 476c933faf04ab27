// Background jobs on pg-boss, a job queue kept in PostgreSQL (its own schema, `pgboss`): jobs
// survive restarts, and with several app instances each scheduled run happens once. Marquee's
// jobs are registered in JOBS below; the same queue will carry video transcoding.
//
// Where they run: inside each app process by default (instrumentation.ts, so `npm start` and any
// `next start` have them), or in a process of their own with `npm run worker` (JOBS_IN_APP=false
// for the app then). docs/security.md "Uploads and quotas".
import "server-only";
import PgBoss from "pg-boss";
import { env } from "@/lib/env";
import { removeStalePartials, runMaintenance } from "./maintenance";

type Job = { name: string; /** cron, UTC */ schedule: string; run: () => Promise<unknown> };

const JOBS: Job[] = [
  // Unused uploads older than a day, stale .partial files, expired sessions, codes and counters.
  { name: "maintenance", schedule: "7 * * * *", run: runMaintenance },
];

export type JobRunner = { stop(): Promise<void> };

const globalForJobs = globalThis as unknown as { marqueeJobs?: Promise<JobRunner> };

/** Starts the queue and the workers once per process; sweeps stale `.partial` files first. */
export function startJobs(log: (line: string) => void = (line) => console.log(`[jobs] ${line}`)): Promise<JobRunner> {
  globalForJobs.marqueeJobs ??= (async () => {
    if (!env.DATABASE_URL) throw new Error("DATABASE_URL is not set: jobs need the database.");
    const swept = await removeStalePartials();
    if (swept) log(`Removed ${swept} half-written upload file(s) left by an interrupted upload`);

    const boss = new PgBoss({ connectionString: env.DATABASE_URL, schema: "pgboss", max: 3 });
    // A database outage surfaces here; pg-boss keeps retrying, so it is logged, not thrown.
    boss.on("error", (error) => console.error("[jobs] pg-boss error:", error.message));
    await boss.start();
    for (const job of JOBS) {
      await boss.createQueue(job.name);
      await boss.schedule(job.name, job.schedule);
      await boss.work(job.name, async () => {
        const result = await job.run();
        log(`${job.name}: ${JSON.stringify(result)}`);
        return result;
      });
    }
    log(`Started (${JOBS.map((job) => `${job.name} at "${job.schedule}"`).join(", ")})`);
    return { stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
  })();
  // A failed start (the database is down) may be tried again.
  globalForJobs.marqueeJobs.catch(() => (globalForJobs.marqueeJobs = undefined));
  return globalForJobs.marqueeJobs;
}
