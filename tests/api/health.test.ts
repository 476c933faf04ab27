import { expect, test } from "vitest";
import { checkStorage } from "@/lib/data/health";
import { createLocalStorage } from "@/lib/storage/local";
import { createS3Storage } from "@/lib/storage/s3";
import packageJson from "@/package.json" with { type: "json" };
import { api, baseUrl } from "../support/http";

test("GET /api/health reports the version, and that the database and storage answer", async () => {
  const response = await api("GET", "/api/health");
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  expect(response.body).toMatchObject({
    status: "ok",
    version: packageJson.version,
    database: { ok: true },
    storage: { ok: true, driver: "local" },
  });
  expect(typeof response.body.database.latencyMs).toBe("number");
  expect(typeof response.body.storage.latencyMs).toBe("number");
});

test("storage that cannot be written or reached is reported down, without details", async () => {
  expect(await checkStorage(createLocalStorage("/proc/marquee-cannot-be-here"))).toEqual({
    ok: false,
    error: "Storage unreachable",
  });
  const unreachable = createS3Storage({
    bucket: "marquee",
    region: "us-east-1",
    endpoint: "http://127.0.0.1:9",
    forcePathStyle: true,
    credentials: { accessKeyId: "x", secretAccessKey: "y" },
  });
  expect(await checkStorage(unreachable)).toEqual({ ok: false, error: "Storage unreachable" });
});

test("every API answer carries a request id: the caller's when it is sane, else a new one", async () => {
  const given = await fetch(`${baseUrl}/api/category`, { headers: { "x-request-id": "lb-7f3a:42" } });
  expect(given.headers.get("x-request-id")).toBe("lb-7f3a:42");
  const made = await fetch(`${baseUrl}/api/movie/not-a-movie`, { headers: { "x-request-id": "bad id with spaces" } });
  expect(made.status).toBe(404);
  expect(made.headers.get("x-request-id")).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
});
