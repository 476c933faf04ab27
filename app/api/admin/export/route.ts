import { requireAdmin } from "@/lib/auth";
import { preflight, route } from "@/lib/http";
import { publicOrigin } from "@/lib/http/public-url";
import { exportCatalogue } from "@/lib/import-export/export";
import { exportQuerySchema } from "@/lib/validation/import";
import { queryObject } from "@/lib/validation/movie-query";

/** The catalogue (or one category, or the drafts) as a CSV or JSON file in the import's format. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  const { format, category, status } = exportQuerySchema.parse(queryObject(new URL(request.url).searchParams));
  const pieces = exportCatalogue(format, { origin: publicOrigin(request), filter: { category, status } });
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": format === "csv" ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
      "content-disposition": `attachment; filename="marquee-catalogue-${date}.${format}"`,
      "cache-control": "no-store",
    },
  });
});

export const OPTIONS = preflight;
