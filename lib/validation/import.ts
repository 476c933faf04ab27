// Requests of the admin Import page and of Export (docs/import.md).
import { z } from "zod";
import { positiveDigits, text } from "./fields";

export const IMPORT_OUTCOMES = ["created", "updated", "skipped", "failed"] as const;

/** GET /api/admin/imports/{id}/rows: a page, optionally of one outcome. */
export const importRowsQuerySchema = z.object({
  page: positiveDigits("page"),
  outcome: text("outcome")
    .trim()
    .refine(
      (value) => value === "" || (IMPORT_OUTCOMES as readonly string[]).includes(value),
      `outcome must be one of ${IMPORT_OUTCOMES.join(", ")}`,
    )
    .transform((value) => (value || undefined) as (typeof IMPORT_OUTCOMES)[number] | undefined)
    .optional(),
});

/** POST /api/admin/imports/folder: scan IMPORT_DIR for films. */
export const folderImportSchema = z.object({
  dryRun: z.boolean({ error: "dryRun must be true or false" }).default(false),
});

/** The multipart form field of POST /api/admin/imports that asks for a dry run. */
export const dryRunField = (value: string | null) => value === "true" || value === "1" || value === "on";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** GET /api/admin/export: the format, and optionally one category or status. */
export const exportQuerySchema = z.object({
  format: z.enum(["json", "csv"], { error: "format must be json or csv" }).default("json"),
  category: text("category")
    .trim()
    .refine((value) => value === "" || UUID.test(value), "category must be a category id")
    .transform((value) => value || undefined)
    .optional(),
  status: z
    .enum(["", "published", "draft"], { error: "status must be published or draft" })
    .transform((value) => value || undefined)
    .optional(),
});
