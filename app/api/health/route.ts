import { route, preflight } from "@/lib/http";
import { checkDatabase } from "@/lib/data/health";

/** Liveness for load balancers and the run script: 200 when the database answers, else 503. */
export const GET = route(async () => {
  const database = await checkDatabase();
  return Response.json({ status: database.ok ? "ok" : "error", database }, { status: database.ok ? 200 : 503 });
});

export const OPTIONS = preflight;
