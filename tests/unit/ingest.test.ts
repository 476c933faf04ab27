// What an import may read and fetch (lib/media/ingest.ts): IMPORT_DIR and nothing outside it, public
// addresses only unless IMPORT_FETCH_PRIVATE says otherwise.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import type * as Ingest from "@/lib/media/ingest";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-ingest-"));
const folder = path.join(work, "films");
let ingest: typeof Ingest;

beforeAll(async () => {
  fs.mkdirSync(path.join(folder, "Heat (1995)"), { recursive: true });
  fs.writeFileSync(path.join(folder, "Heat (1995)", "poster.jpg"), "x");
  fs.writeFileSync(path.join(work, "secret.txt"), "x");
  fs.symlinkSync(path.join(work, "secret.txt"), path.join(folder, "escape.jpg"));
  fs.symlinkSync(work, path.join(folder, "up"));
  fs.symlinkSync(path.join(folder, "Heat (1995)", "poster.jpg"), path.join(folder, "inside.jpg"));
  // lib/env reads the environment once, when first imported.
  vi.stubEnv("IMPORT_DIR", folder);
  vi.stubEnv("IMPORT_FETCH_PRIVATE", "");
  vi.resetModules();
  ingest = await import("@/lib/media/ingest");
});
afterAll(() => {
  vi.unstubAllEnvs();
  fs.rmSync(work, { recursive: true, force: true });
});

describe("paths inside IMPORT_DIR", () => {
  test("a relative path, or an absolute one inside, resolves to the real file", async () => {
    const file = await ingest.resolveImportFile("Heat (1995)/poster.jpg");
    expect(file).toMatchObject({ relative: path.join("Heat (1995)", "poster.jpg"), size: 1 });
    expect((await ingest.resolveImportFile(path.join(folder, "Heat (1995)/poster.jpg"))).path).toBe(file.path);
    // A link that stays inside is followed.
    expect((await ingest.resolveImportFile("inside.jpg")).path).toBe(file.path);
  });

  test.each([
    ["../secret.txt", "../secret.txt is outside IMPORT_DIR"],
    ["Heat (1995)/../../secret.txt", "Heat (1995)/../../secret.txt is outside IMPORT_DIR"],
    ["/etc/passwd", "/etc/passwd is outside IMPORT_DIR"],
    ["escape.jpg", "escape.jpg leads outside IMPORT_DIR (through a link)"],
    ["up/secret.txt", "up/secret.txt leads outside IMPORT_DIR (through a link)"],
    ["missing.jpg", "missing.jpg was not found in IMPORT_DIR"],
    ["Heat (1995)", "Heat (1995) is not a file"],
  ])("%s is refused: %s", async (given, message) => {
    await expect(ingest.resolveImportFile(given)).rejects.toThrow(message);
  });
});

describe("downloads", () => {
  test.each([
    "127.0.0.1",
    "10.1.2.3",
    "192.168.0.10",
    "172.20.0.1",
    "169.254.169.254",
    "100.64.0.1",
    "::1",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
  ])("%s is a private address", (address) => expect(ingest.isPrivateAddress(address)).toBe(true));
  test.each(["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111"])("%s is public", (address) =>
    expect(ingest.isPrivateAddress(address)).toBe(false),
  );

  test("a URL naming this machine or the local network is not fetched", async () => {
    await expect(ingest.ingestUrl(new URL("https://127.0.0.1:9/poster.jpg"), "image")).rejects.toThrow(
      "127.0.0.1 is on a private network or this machine (set IMPORT_FETCH_PRIVATE=true to allow it)",
    );
    await expect(ingest.ingestUrl(new URL("https://localhost:9/poster.jpg"), "image")).rejects.toThrow(
      "localhost is on a private network or this machine",
    );
  });

  test("only https", async () => {
    await expect(ingest.ingestUrl(new URL("http://example.com/a.jpg"), "image")).rejects.toThrow(
      "Only https URLs are downloaded (http: given)",
    );
  });
});
