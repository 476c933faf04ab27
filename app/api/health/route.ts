import { route, preflight } from "@/lib/http";
import { checkHealth } from "@/lib/data/health";

/** Health for load balancers, container healthchecks and the run script: 200 when the database and storage answer, else 503. */
export const GET = route(async () => {
  const health = await checkHealth();
  return Response.json(health, {
    status: health.status === "ok" ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
});

export const OPTIONS = preflight;
