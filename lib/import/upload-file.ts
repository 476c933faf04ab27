import "server-only";
// POST /api/admin/imports: the catalogue file of a multipart form (field `file`, and `dryRun`),
// read whole but bounded: a body past the limit is refused without being kept.
import { HttpError, badRequest } from "@/lib/http/errors";
import { formatBytes } from "@/lib/media/format-bytes";
import { dryRunField } from "@/lib/validation/import";
import { MAX_IMPORT_FILE_BYTES, catalogueFormatOf, type CatalogueFormat } from "./catalogue-file";

const IMPORT_NOT_MULTIPART = "Send the file as multipart/form-data in a field named file.";
const TOO_LARGE = `The file is too large: the limit is ${formatBytes(MAX_IMPORT_FILE_BYTES)}.`;
const MULTIPART_OVERHEAD = 64 * 1024;

export async function readImportUpload(
  request: Request,
): Promise<{ text: string; name: string; format: CatalogueFormat; dryRun: boolean }> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\s*;/i.test(contentType) || !request.body) throw badRequest(IMPORT_NOT_MULTIPART);
  const limit = MAX_IMPORT_FILE_BYTES + MULTIPART_OVERHEAD;
  if (Number(request.headers.get("content-length") ?? 0) > limit) throw new HttpError(413, TOO_LARGE);
  const chunks: Uint8Array[] = [];
  let length = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    length += chunk.byteLength;
    if (length > limit) throw new HttpError(413, TOO_LARGE);
    chunks.push(chunk);
  }
  let form: FormData;
  try {
    form = await new Response(Buffer.concat(chunks), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw badRequest(IMPORT_NOT_MULTIPART);
  }
  const file = form.get("file");
  if (!file || typeof file === "string") throw badRequest(IMPORT_NOT_MULTIPART);
  const format = catalogueFormatOf(file.name, file.type);
  if (!format)
    throw badRequest("The file must be CSV (.csv) or JSON (.json).", { file: ["The file must be CSV or JSON."] });
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw badRequest("The file must be UTF-8 text.", { file: ["The file must be UTF-8 text."] });
  }
  return { text, name: file.name, format, dryRun: dryRunField(form.get("dryRun") as string | null) };
}
