// The production server from a clean copy (docs/deploy.md, "A Node host"): only the runtime set of
// scripts/lib/runtime-files.ts (what the Dockerfile copies) and the production dependencies, in a
// folder outside this checkout so nothing can be picked up from its node_modules, started with
// plain `node` (and tsx, a runtime dependency) on the test database. It serves the catalogue.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { freePort } from "@/scripts/lib/embedded-postgres";
import { linkProductionDependencies, packRuntime } from "@/scripts/lib/runtime-files";

const root = path.resolve(import.meta.dirname, "..", "..");
const copy = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-clean-copy-"));
let server: ChildProcess | undefined;
let baseUrl = "";
let printed = "";
let movie: { id: string; name: string };

beforeAll(async () => {
  packRuntime(root, copy, { distDir: process.env.NEXT_DIST_DIR || ".next", mode: "link" });
  linkProductionDependencies(root, copy);

  const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
  movie = (
    await db.query<{ id: string; name: string }>(`SELECT "id", "name" FROM "Movie" ORDER BY "createdAt" LIMIT 1`)
  ).rows[0]!;
  await db.end();

  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // Only what an operator would set: no NODE_PATH, nothing from this checkout's environment.
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH!,
    HOME: os.tmpdir(),
    NODE_ENV: "production",
    NEXT_TELEMETRY_DISABLED: "1",
    DATABASE_URL: process.env.DATABASE_URL!,
    AUTH_SECRET: process.env.AUTH_SECRET!,
    STORAGE_DRIVER: "local",
    STORAGE_LOCAL_DIR: process.env.STORAGE_LOCAL_DIR!,
    MARQUEE_DATA_DIR: path.join(copy, ".data"),
    JOBS_IN_APP: "false",
  };
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "server.ts", "--port", String(port), "--hostname", "127.0.0.1"],
    { cwd: copy, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  server = child;
  child.stdout.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (printed += chunk.toString()));
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The copied server exited with ${child.exitCode}:\n${printed}`);
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The copied server did not become healthy within 120 s:\n${printed}`);
}, 180_000);

afterAll(async () => {
  if (server && server.exitCode === null && server.signalCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  fs.rmSync(copy, { recursive: true, force: true });
});

test("the copy holds no development dependency and no source folder the build replaces", () => {
  // Not @playwright/test or typescript: they are optional peers of next (npm marks them devOptional and
  // `npm ci --omit=dev` installs them); nothing at run time loads them.
  for (const devOnly of ["vitest", "typescript7", "eslint", "s3rver", "autocannon", "tailwindcss"]) {
    expect(fs.existsSync(path.join(copy, "node_modules", devOnly)), devOnly).toBe(false);
  }
  for (const source of ["app", "components", "tests", "e2e", "proxy.ts", ".git"])
    expect(fs.existsSync(path.join(copy, source)), source).toBe(false);
  expect(fs.existsSync(path.join(copy, "node_modules", "next"))).toBe(true);
});

test("it serves the catalogue: home, the movie list, a movie page and the API", async () => {
  const pages = await Promise.all(
    ["/", "/movies", `/movie/${movie.id}`].map(async (page) => {
      const response = await fetch(`${baseUrl}${page}`);
      return { page, status: response.status, html: await response.text() };
    }),
  );
  for (const { page, status, html } of pages) {
    expect(status, page).toBe(200);
    expect(html, page).toContain("</html>");
  }
  const escapedName = movie.name.replaceAll("&", "&amp;").replaceAll("'", "&#x27;");
  expect(pages[2]!.html).toContain(escapedName);
  expect(pages[1]!.html).toMatch(/href="\/movie\/[0-9a-f-]{36}"/);

  const list = await fetch(`${baseUrl}/api/movie`);
  expect(list.status).toBe(200);
  const body = (await list.json()) as { movies: { _id: string; name: string }[]; totalMovies?: number };
  expect(body.movies.length).toBeGreaterThan(0);
  const detail = await fetch(`${baseUrl}/api/movie/${movie.id}`);
  expect(detail.status).toBe(200);
  expect(((await detail.json()) as { name: string }).name).toBe(movie.name);
});
