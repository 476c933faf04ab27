import { requireAdmin } from "@/lib/auth";
import { getImportSummary } from "@/lib/data/imports";
import { preflight, route } from "@/lib/http";

type Context = { params: Promise<{ id: string }> };

/** Where an import stands: its state, progress and counts by outcome. */
export const GET = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  return getImportSummary((await params).id);
});

export const OPTIONS = preflight;
