import { requireAdmin } from "@/lib/auth";
import { json, preflight, route } from "@/lib/http";
import { siteOrigins } from "@/lib/http/public-url";
import { runDryRunForReal } from "@/lib/import-export/start";

type Context = { params: Promise<{ id: string }> };

/** The real run of a finished dry run: the same rows, as a new import. */
export const POST = route<Context>(async (request, { params }) => {
  const admin = await requireAdmin(request);
  return json(await runDryRunForReal((await params).id, { userId: admin.id, siteOrigins: siteOrigins(request) }), 202);
});

export const OPTIONS = preflight;
