import { requireAdmin } from "@/lib/auth";
import { json, parseJson, preflight, route } from "@/lib/http";
import { siteOrigins } from "@/lib/http/public-url";
import { startFolderImport } from "@/lib/import-export/start";
import { folderImportSchema } from "@/lib/validation/import";

/** Scan IMPORT_DIR for films ("Title (Year).mkv") and import the new ones as drafts. */
export const POST = route(async (request) => {
  const admin = await requireAdmin(request);
  const { dryRun } = await parseJson(request, folderImportSchema);
  return json(await startFolderImport({ dryRun, userId: admin.id, siteOrigins: siteOrigins(request) }), 202);
});

export const OPTIONS = preflight;
