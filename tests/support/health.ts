// Watching /api/health while something else runs, as a load balancer would: one request after
// another, each on a new connection (a monitor does not reuse connections, and a reused idle one can
// be closed by the server just as a request goes out, which is not what is measured here).
import http from "node:http";
import { baseUrl } from "./http";

function health(): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/health`, { agent: false }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode!));
    });
    request.on("error", reject);
  });
}

/**
 * The slowest health answer a test accepts while heavy work runs: what these tests guard against is
 * the event loop held for the work's length (a subtitle parse held /api/health for 17-61 s), not a
 * loaded 2-core runner's second (1.1 s answers were seen with nothing stalled). It is also the
 * health check's own limit for a service to answer (lib/data/health.ts).
 */
export const HEALTH_BOUND_MS = 3000;

/**
 * Runs `work` while asking /api/health every 50 ms; resolves with its result, the slowest health
 * answer in milliseconds and the statuses seen (anything but 200 is an unhealthy moment).
 */
export async function healthDuring<T>(
  work: () => Promise<T>,
): Promise<{ result: T; slowestMs: number; answers: number; statuses: Set<number> }> {
  let running = true;
  let slowestMs = 0;
  let answers = 0;
  const statuses = new Set<number>();
  const watch = (async () => {
    while (running) {
      const started = performance.now();
      statuses.add(await health());
      slowestMs = Math.max(slowestMs, performance.now() - started);
      answers++;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  try {
    return { result: await work(), slowestMs, answers, statuses };
  } finally {
    running = false;
    await watch;
  }
}
