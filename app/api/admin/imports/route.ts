import { requireAdmin } from "@/lib/auth";
import { listImports } from "@/lib/data/imports";
import { json, preflight, route } from "@/lib/http";
import { siteOrigins } from "@/lib/http/public-url";
import { startFileImport } from "@/lib/import-export/start";
import { withImportUpload } from "@/lib/import-export/upload-file";

/** The latest imports, newest first. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  return listImports();
});

/**
 * A CSV or JSON catalogue file (multipart `file`, `dryRun`): streamed to disk, read in a worker thread,
 * recorded and handed to the background job.
 */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  const started = await withImportUpload(request, (file) =>
    startFileImport(file, { dryRun: file.dryRun, userId: admin.id, siteOrigins: siteOrigins(request) }),
  );
  return json(started, 202);
});

export const OPTIONS = preflight;
