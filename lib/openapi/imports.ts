// Admin: import and export (docs/api.md "Admin: import and export (docs/import.md)"): catalogue
// files and IMPORT_DIR in, each import's progress and rows, the catalogue out.
import { catalogueJsonSchema } from "@/lib/validation/catalogue";
import { IMPORT_OUTCOMES, folderImportSchema, type exportQuerySchema } from "@/lib/validation/import";
import {
  INVALID_INPUT,
  PAGE,
  arrayOf,
  idParam,
  multipartBody,
  queryParams,
  ref,
  requestSchema,
  tagged,
  type ApiResource,
} from "./operation";

const { admin } = tagged("import");
const importId = idParam("import");
const queued: [string, unknown] = ["Recorded and queued", ref("ImportSummary")];
const exportQuery: Record<keyof typeof exportQuerySchema.shape, string> = {
  format: "json (default) or csv",
  category: "Only this category's movies (an id)",
  status: "Only published movies, or only drafts",
};

export const importsApi: ApiResource = {
  requestBodies: {
    FolderImportBody: requestSchema(folderImportSchema),
    // The document's dialect applies; a component carries no $schema of its own.
    CatalogueFile: (() => {
      const schema = catalogueJsonSchema();
      delete schema.$schema;
      return schema;
    })(),
    ImportFileBody: {
      type: "object",
      properties: {
        file: {
          type: "string",
          contentMediaType: "text/csv",
          description: "The catalogue: a .csv or .json file in the format of the CatalogueFile schema (docs/import.md)",
        },
        dryRun: { type: "string", enum: ["true", "false"], description: "true: check every row, change nothing" },
      },
      required: ["file"],
    },
  },
  paths: {
    "/api/admin/imports": {
      get: admin("The latest catalogue imports, newest first", {
        responses: { 200: ["Imports", arrayOf("ImportSummary")] },
      }),
      post: admin("Import a CSV or JSON catalogue file (docs/import.md); a background job checks or applies each row", {
        body: multipartBody("ImportFileBody"),
        responses: {
          202: queued,
          400: "Not multipart, not CSV or JSON, not UTF-8, unreadable, empty or over 10,000 movies",
          413: "The file is over 64 MB",
        },
      }),
    },
    "/api/admin/imports/folder": {
      post: admin('Import the films of IMPORT_DIR ("Title (Year).mkv") as drafts', {
        body: "FolderImportBody",
        responses: { 202: queued, 400: "IMPORT_DIR is not set" },
      }),
    },
    "/api/admin/imports/{id}": {
      get: admin("Where an import stands: state, progress, counts by outcome", {
        parameters: importId,
        responses: { 200: ["The import", ref("ImportSummary")], 404: "Import not found" },
      }),
    },
    "/api/admin/imports/{id}/rows": {
      get: admin("Every row's outcome and errors (row, field, message), 50 at a time", {
        parameters: [
          ...importId,
          ...queryParams({ page: PAGE, outcome: `Only rows of one outcome: ${IMPORT_OUTCOMES.join(", ")}` }),
        ],
        responses: { 200: ["A page of rows", ref("ImportRowPage")], 400: INVALID_INPUT, 404: "Import not found" },
      }),
    },
    "/api/admin/imports/{id}/run": {
      post: admin("Run a finished dry run for real, as a new import", {
        parameters: importId,
        responses: { 202: queued, 400: "Not a dry run, or not finished", 404: "Import not found" },
      }),
    },
    "/api/admin/export": {
      get: admin("The catalogue as a file in the import's format (CatalogueFile), media as absolute URLs", {
        parameters: queryParams(exportQuery),
        responses: {
          200: {
            description: "The file, as an attachment",
            content: {
              "application/json": { schema: ref("CatalogueFile") },
              "text/csv": { schema: { type: "string" } },
            },
          },
          400: INVALID_INPUT,
        },
      }),
    },
  },
};
