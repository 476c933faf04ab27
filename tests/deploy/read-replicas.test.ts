// Read replicas (docs/deploy.md "Read replicas"): an instance of the built app with DATABASE_URL on
// one embedded PostgreSQL and DATABASE_REPLICA_URLS on a second, kept in sync by logical replication
// (a publication of the public schema's tables, a subscription on the replica). Suggestions are read from the
// replica while it keeps up; from the primary while it lags or is gone, with no error either way.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { migrate } from "@/scripts/lib/database";
import { startEmbeddedPostgres, type EmbeddedPostgres } from "@/scripts/lib/embedded-postgres";
import { startInstance, type Instance } from "../support/instances";

const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-replicas-"));
fs.chmodSync(work, 0o755); // the embedded servers run as the postgres user when we are root
let primaryServer: EmbeddedPostgres;
let replicaServer: EmbeddedPostgres;
let primary: pg.Client;
let replica: pg.Client;
let app: Instance;
let movieId: string;

/** The movie both databases start with; the test renames it on the replica alone to tell them apart. */
const TITLE = "Lighthouse Keeper";
const REPLICA_TITLE = "Harbour Pilot";

beforeAll(async () => {
  [primaryServer, replicaServer] = await Promise.all([
    startEmbeddedPostgres({ dataDir: path.join(work, "primary"), settings: { wal_level: "logical" } }),
    startEmbeddedPostgres({ dataDir: path.join(work, "replica") }),
  ]);
  await Promise.all([primaryServer.createDatabase("marquee"), replicaServer.createDatabase("marquee")]);
  await Promise.all([
    migrate(primaryServer.urlFor("marquee"), "ignore"),
    migrate(replicaServer.urlFor("marquee"), "ignore"),
  ]);
  primary = new pg.Client({ connectionString: primaryServer.urlFor("marquee") });
  replica = new pg.Client({ connectionString: replicaServer.urlFor("marquee") });
  await Promise.all([primary.connect(), replica.connect()]);

  const category = await primary.query<{ id: string }>(
    `INSERT INTO "Category" ("id", "name", "updatedAt") VALUES (gen_random_uuid(), 'Drama', now()) RETURNING "id"`,
  );
  const movie = await primary.query<{ id: string }>(
    `INSERT INTO "Movie" ("id", "name", "titleImage", "image", "language", "year", "hour", "video", "categoryId", "updatedAt")
     VALUES (gen_random_uuid(), $1, '/t.jpg', '/i.jpg', 'English', 2001, 2, '/v.mp4', $2, now()) RETURNING "id"`,
    [TITLE, category.rows[0]!.id],
  );
  movieId = movie.rows[0]!.id;

  // The replica starts empty (its migrations' rows included) and copies every table from the primary.
  // The catalogue's schema: pg-boss's queue (schema pgboss) stays on the primary, which alone runs jobs.
  await primary.query("CREATE PUBLICATION marquee FOR TABLES IN SCHEMA public");
  const tables = await replica.query<{ name: string }>(
    "SELECT format('%I', tablename) AS name FROM pg_tables WHERE schemaname = 'public'",
  );
  await replica.query(`TRUNCATE ${tables.rows.map((table) => table.name).join(", ")} CASCADE`);
  await replica.query(
    `CREATE SUBSCRIPTION marquee CONNECTION '${connectionString(primaryServer.urlFor("marquee"))}' PUBLICATION marquee`,
  );
  await until(async () => {
    const waiting = await replica.query("SELECT 1 FROM pg_subscription_rel WHERE srsubstate <> 'r'");
    const copied = await replica.query(`SELECT 1 FROM "Movie" WHERE "id" = $1`, [movieId]);
    return waiting.rowCount === 0 && copied.rowCount === 1;
  });

  app = await startInstance({
    DATABASE_URL: primaryServer.urlFor("marquee"),
    DATABASE_REPLICA_URLS: replicaServer.urlFor("marquee"),
    DATABASE_REPLICA_MAX_LAG_SECONDS: "2",
    JOBS_IN_APP: "false",
    METRICS_TOKEN,
  });
}, 240_000);

afterAll(async () => {
  await app?.stop();
  await replica?.query("DROP SUBSCRIPTION IF EXISTS marquee").catch(() => undefined);
  await Promise.all([primary?.end(), replica?.end()].map((ended) => ended?.catch(() => undefined)));
  await Promise.all([primaryServer?.stop(), replicaServer?.stop()]);
  fs.rmSync(work, { recursive: true, force: true });
});

/** libpq's key=value form of a URL, which CREATE SUBSCRIPTION takes. */
function connectionString(url: string): string {
  const parsed = new URL(url);
  return `host=${parsed.hostname} port=${parsed.port} dbname=${parsed.pathname.slice(1)} user=${decodeURIComponent(parsed.username)} password=${decodeURIComponent(parsed.password)}`;
}

async function until(condition: () => Promise<boolean>, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Not true within ${seconds} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The titles GET /api/movie/suggest answers for `q`; any status but 200 fails the test. */
async function suggested(q: string): Promise<string[]> {
  const response = await fetch(`${app.baseUrl}/api/movie/suggest?q=${encodeURIComponent(q)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { name: string }[]).map((movie) => movie.name);
}

/** Which database answered: the movie bears a different title on each. */
async function answeredBy(): Promise<"replica" | "primary" | "neither"> {
  const [onReplica, onPrimary] = await Promise.all([suggested("Harbour"), suggested("Lighthouse")]);
  if (onReplica.includes(REPLICA_TITLE) && onPrimary.length === 0) return "replica";
  if (onPrimary.includes(TITLE) && onReplica.length === 0) return "primary";
  return "neither";
}

const METRICS_TOKEN = "replica-test-metrics-token";

/** This instance's catalogue reads by where they went, and each replica's lag, from GET /api/metrics. */
async function replicaMetrics(): Promise<{ reads: Record<string, number>; lag: string | undefined }> {
  const response = await fetch(`${app.baseUrl}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  const reads: Record<string, number> = {};
  for (const [, source, count] of text.matchAll(/^marquee_db_catalogue_reads_total\{source="(\w+)"\} (\d+)$/gm))
    reads[source!] = Number(count);
  return { reads, lag: /^marquee_db_replica_lag_seconds\{replica="1"\} (\S+)$/m.exec(text)?.[1] };
}

test("suggestions come from a replica that keeps up, from the primary while it lags or is gone, never an error", async () => {
  // Renamed on the replica alone (its own triggers index the new title): only the replica knows it.
  await replica.query(`UPDATE "Movie" SET "name" = $1 WHERE "id" = $2`, [REPLICA_TITLE, movieId]);
  await until(async () => (await answeredBy()) === "replica");
  const first = await replicaMetrics();
  expect(first.reads.replica).toBeGreaterThanOrEqual(2);
  expect(Number(first.lag)).toBeLessThanOrEqual(2);

  // The subscription stops: the heartbeat on the replica grows old, and past 2 s reads leave it.
  await replica.query("ALTER SUBSCRIPTION marquee DISABLE");
  await until(async () => (await answeredBy()) === "primary");

  // It catches up: reads come back to it.
  await replica.query("ALTER SUBSCRIPTION marquee ENABLE");
  await until(async () => (await answeredBy()) === "replica");

  // The replica goes away: the very next reads are answered, by the primary.
  await replica.end();
  await replicaServer.stop();
  expect(await answeredBy()).toBe("primary");
  for (let i = 0; i < 5; i++) expect(await suggested("Lighthouse")).toEqual([TITLE]);
  await until(async () => (await replicaMetrics()).lag === "+Inf");
  const last = await replicaMetrics();
  expect(last.reads.primary).toBeGreaterThanOrEqual(7);
  expect(last.reads.replica).toBeGreaterThan(first.reads.replica!);
}, 120_000);
