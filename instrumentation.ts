// Runs once as each server process starts (Next.js instrumentation hook).
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    // Per-IP limits need the socket's address: see lib/http/client-ip.ts.
    const { recordPeerAddresses } = await import("./lib/http/client-ip");
    recordPeerAddresses();
    // Scheduled jobs (lib/worker) beside the app, unless a separate `npm run worker` runs them.
    const { env } = await import("./lib/env");
    if (env.JOBS_IN_APP && env.DATABASE_URL) {
      const { startJobs } = await import("./lib/worker");
      // A database that is down at start must not stop the app from serving its 503s: try again later.
      const start = () =>
        startJobs().catch((error: unknown) => {
          console.error(
            "[jobs] Could not start, trying again in a minute:",
            error instanceof Error ? error.message : error,
          );
          setTimeout(() => void start(), 60_000).unref();
        });
      void start();
    }
  }
}
