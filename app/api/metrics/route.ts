import { route } from "@/lib/http";
import { jobQueue } from "@/lib/jobs/queue";
import { authorizeScrape, scrapeMetrics } from "@/lib/metrics/scrape";

/** Prometheus metrics of this instance, for a scraper holding METRICS_TOKEN (docs/deploy.md "Metrics"); off without it. */
export const GET = route(async (request) => {
  authorizeScrape(request);
  const { body, contentType } = await scrapeMetrics(async () => (await jobQueue()).getQueues());
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "no-store" } });
});
