import { requireAdmin } from "@/lib/auth";
import { listImportRows } from "@/lib/data/imports";
import { preflight, route } from "@/lib/http";
import { importRowsQuerySchema } from "@/lib/validation/import";
import { queryObject } from "@/lib/validation/movie-query";

type Context = { params: Promise<{ id: string }> };

/** Every row's outcome and errors (row, field, message), a page at a time. */
export const GET = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  const query = importRowsQuerySchema.parse(queryObject(new URL(request.url).searchParams));
  return listImportRows((await params).id, query);
});

export const OPTIONS = preflight;
