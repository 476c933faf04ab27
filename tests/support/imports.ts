// Catalogue imports in tests: sending a file as the Import page does, waiting for its job, reading
// its rows; an https server standing in for another site's media (signed by the test-only
// certificate the app is started to trust, tests/fixtures/tls); the app's IMPORT_DIR folder.
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect } from "vitest";
import type { ImportRowItem, ImportSummary } from "@/lib/api-shapes";
import { api, baseUrl } from "./http";
import { adminToken } from "./users";

/** Sends a catalogue file to POST /api/admin/imports; resolves with the 202's summary. */
export async function sendImport(
  content: string,
  fileName: string,
  { dryRun = false, token }: { dryRun?: boolean; token?: string } = {},
): Promise<ImportSummary> {
  const form = new FormData();
  form.set(
    "file",
    new Blob([content], { type: fileName.endsWith(".csv") ? "text/csv" : "application/json" }),
    fileName,
  );
  form.set("dryRun", String(dryRun));
  const response = await fetch(`${baseUrl}/api/admin/imports`, {
    method: "POST",
    body: form,
    headers: { authorization: `Bearer ${token ?? (await adminToken())}` },
  });
  const body = (await response.json()) as ImportSummary;
  expect(response.status, JSON.stringify(body)).toBe(202);
  return body;
}

/** Polls the import until its job has finished (done or failed). */
export async function waitForImport(id: string, timeoutMs = 90_000): Promise<ImportSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const summary = (await api<ImportSummary>("GET", `/api/admin/imports/${id}`, { token: await adminToken() })).body;
    if (summary.state === "done" || summary.state === "failed") return summary;
    if (Date.now() > deadline) throw new Error(`Import ${id} did not finish: ${JSON.stringify(summary)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

/** Every row of an import, in file order. */
export async function rowsOf(id: string): Promise<ImportRowItem[]> {
  const rows: ImportRowItem[] = [];
  for (let page = 1; ; page++) {
    const response = await api("GET", `/api/admin/imports/${id}/rows?page=${page}`, { token: await adminToken() });
    expect(response.status).toBe(200);
    rows.push(...(response.body.rows as ImportRowItem[]));
    if (page >= response.body.totalPage) return rows;
  }
}

/** Sends the file and waits for the job. */
export async function importFile(content: string, fileName: string, options: { dryRun?: boolean } = {}) {
  const started = await sendImport(content, fileName, options);
  const summary = await waitForImport(started._id);
  return { summary, rows: await rowsOf(started._id) };
}

const tls = path.resolve(import.meta.dirname, "..", "fixtures", "tls");
export const TEST_TLS = {
  key: fs.readFileSync(path.join(tls, "key.pem")),
  cert: fs.readFileSync(path.join(tls, "cert.pem")),
};

export type MediaSite = {
  /** `https://localhost:<port>` */
  origin: string;
  /** Requests served, by path. */
  hits: Map<string, number>;
  close: () => Promise<void>;
};

/**
 * Another site over https: each path answers its buffer, a `{ redirect }` answers 302 to it, a number
 * answers that status; anything else is a 404. `handler` takes whatever the map does not.
 */
export async function startMediaSite(
  files: Record<string, Buffer | { redirect: string } | number>,
  handler?: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<MediaSite> {
  const hits = new Map<string, number>();
  const server = https.createServer(TEST_TLS, (request, response) => {
    const url = request.url ?? "/";
    hits.set(url, (hits.get(url) ?? 0) + 1);
    const file = files[url];
    if (Buffer.isBuffer(file))
      return void response.writeHead(200, { "content-type": "application/octet-stream" }).end(file);
    if (typeof file === "number") return void response.writeHead(file).end();
    if (file) return void response.writeHead(302, { location: file.redirect }).end();
    if (handler) return handler(request, response);
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://localhost:${port}`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The app's IMPORT_DIR (npm test makes one per tier). */
export const importDir = () => process.env.IMPORT_DIR!;

/** Writes a file under IMPORT_DIR (folders made as needed); returns its path relative to it. */
export function putInImportDir(relative: string, content: Buffer | string): string {
  const full = path.join(importDir(), relative);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, content);
  return relative;
}
