import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, expect, test } from "vitest";
import { LEXICON_TYPO_RULES, typoBudget } from "@/lib/search-typo-rules";
import { migrate } from "@/scripts/lib/database";

// A brand-new database on the test server, migrated exactly as production is.
const name = `marquee_migrate_${process.pid}`;
const adminUrl = new URL(process.env.DATABASE_URL!);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
let client: pg.Client;

async function onServer(sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

beforeAll(async () => {
  await onServer(`CREATE DATABASE ${name}`);
  await migrate(url.toString());
  client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
}, 120_000);

afterAll(async () => {
  await client?.end();
  await onServer(`DROP DATABASE IF EXISTS ${name}`);
});

test("migrations create every table on an empty database", async () => {
  const { rows } = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
  );
  expect(rows.map((r) => r.table_name)).toEqual([
    "AccountToken",
    "CacheTag",
    "CastMember",
    "CatalogueCount",
    "Category",
    "Favorite",
    "HandOverCode",
    "ImportJob",
    "ImportRow",
    "ImportedFile",
    "Movie",
    "MovieAudience",
    "MovieViewers",
    "MovieWord",
    "MyListEntry",
    "Passkey",
    "PasskeyChallenge",
    "PlaysPerDay",
    "RateLimit",
    "ReplicaHeartbeat",
    "Review",
    "SearchWord",
    "SearchWordVariant",
    "Session",
    "SiteCount",
    "Subtitle",
    "Upload",
    "UploadAllowance",
    "User",
    "WatchProgress",
    "_prisma_migrations",
  ]);
});

test("the extensions for case-insensitive keys and search are installed", async () => {
  const { rows } = await client.query<{ extname: string }>(`SELECT extname FROM pg_extension ORDER BY extname`);
  expect(rows.map((r) => r.extname)).toEqual(
    expect.arrayContaining(["citext", "fuzzystrmatch", "pg_trgm", "unaccent"]),
  );
});

test("emails and category names are unique regardless of case", async () => {
  await client.query(
    `INSERT INTO "User" (id, email, "fullName", "updatedAt") VALUES (gen_random_uuid(), 'Ann@Example.com', 'Ann', now())`,
  );
  await expect(
    client.query(
      `INSERT INTO "User" (id, email, "fullName", "updatedAt") VALUES (gen_random_uuid(), 'ann@example.COM', 'Ann 2', now())`,
    ),
  ).rejects.toThrow(/User_email_key/);
  await client.query(`INSERT INTO "Category" (id, name, "updatedAt") VALUES (gen_random_uuid(), 'Drama', now())`);
  await expect(
    client.query(`INSERT INTO "Category" (id, name, "updatedAt") VALUES (gen_random_uuid(), 'DRAMA', now())`),
  ).rejects.toThrow(/Category_name_key/);
});

test("the database refuses a rating outside 0 to 5 and deleting a category in use", async () => {
  const user = (
    await client.query(
      `INSERT INTO "User" (id, email, "fullName", "updatedAt") VALUES (gen_random_uuid(), 'rater@example.com', 'Rater', now()) RETURNING id`,
    )
  ).rows[0].id;
  const category = (
    await client.query(
      `INSERT INTO "Category" (id, name, "updatedAt") VALUES (gen_random_uuid(), 'Sci-Fi', now()) RETURNING id`,
    )
  ).rows[0].id;
  const movie = (
    await client.query(
      `INSERT INTO "Movie" (id, name, "titleImage", image, language, year, hour, video, "categoryId", "updatedAt")
       VALUES (gen_random_uuid(), 'Crème Brûlée', 't', 'i', 'French', 2010, 2, 'v', $1, now()) RETURNING id, "searchName"`,
      [category],
    )
  ).rows[0];
  // The trigger keeps the search text lower-cased and without accents.
  expect(movie.searchName).toBe("creme brulee");
  await expect(
    client.query(
      `INSERT INTO "Review" (id, "userId", "movieId", rating, comment, "updatedAt") VALUES (gen_random_uuid(), $1, $2, 6, 'too good', now())`,
      [user, movie.id],
    ),
  ).rejects.toThrow(/Review_rating_range/);
  await expect(client.query(`DELETE FROM "Category" WHERE id = $1`, [category])).rejects.toThrow(
    /Movie_categoryId_fkey/,
  );
});

test("'Did you mean' is served by the trigram indexes of titles and cast names", async () => {
  // Seq scans off, as a small table would be read whole; on a near-empty one a full scan of any
  // index looks as cheap, so the planner gets a catalogue to weigh.
  await client.query("BEGIN");
  try {
    const category = (
      await client.query(
        `INSERT INTO "Category" (id, name, "updatedAt") VALUES (gen_random_uuid(), 'Trigram Test', now()) RETURNING id`,
      )
    ).rows[0].id;
    await client.query(
      `INSERT INTO "Movie" (id, name, "titleImage", image, language, year, hour, video, "categoryId", "updatedAt")
       SELECT gen_random_uuid(), 'Film ' || md5(i::text), 't', 'i', 'English', 2000, 2, 'v', $1, now() FROM generate_series(1, 2000) AS i`,
      [category],
    );
    await client.query(`ANALYZE "Movie"`);
    await client.query("SET LOCAL enable_seqscan = off");
    // The A-Z btree can also be read whole and filtered; hide it (rolled back) to see that the
    // trigram index serves the condition itself.
    await client.query(`DROP INDEX "Movie_searchName_id_idx"`);
    const { rows } = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT id FROM "Movie" WHERE "searchName" % marquee_search_text('creme brule')`,
    );
    expect(rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("Movie_searchName_trgm_idx");
    const cast = await client.query<{ "QUERY PLAN": string }>(
      `EXPLAIN SELECT id FROM "CastMember" WHERE "searchName" % marquee_search_text('orla kwenell')`,
    );
    expect(cast.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("CastMember_searchName_trgm_idx");
  } finally {
    await client.query("ROLLBACK");
  }
});

test("the triggers keep the search lexicon: title, cast and category words with their typo variants", async () => {
  const category = (
    await client.query(
      `INSERT INTO "Category" (id, name, "updatedAt") VALUES (gen_random_uuid(), 'Film Noir', now()) RETURNING id`,
    )
  ).rows[0].id;
  const movie = (
    await client.query(
      `INSERT INTO "Movie" (id, name, "titleImage", image, language, year, hour, video, "categoryId", "updatedAt")
       VALUES (gen_random_uuid(), 'Ｌ''Été — Verdict!', 't', 'i', 'French', 2010, 2, 'v', $1, now()) RETURNING id, "searchName"`,
      [category],
    )
  ).rows[0];
  expect(movie.searchName).toBe("l ete verdict");
  await client.query(
    `INSERT INTO "CastMember" (id, "movieId", name, image, position) VALUES (gen_random_uuid(), $1, 'Zoë Kravitz', 'i', 0)`,
    [movie.id],
  );
  const words = async () =>
    (
      await client.query<{ source: number; position: number; word: string }>(
        `SELECT source, position, word FROM "MovieWord" WHERE "movieId" = $1 ORDER BY source, position`,
        [movie.id],
      )
    ).rows;
  expect(await words()).toEqual([
    { source: 0, position: 1, word: "l" },
    { source: 0, position: 2, word: "ete" },
    { source: 0, position: 3, word: "verdict" },
    { source: 1, position: 1, word: "zoe" },
    { source: 1, position: 2, word: "kravitz" },
    { source: 2, position: 1, word: "film" },
    { source: 2, position: 2, word: "noir" },
  ]);
  // "verdict" (7 letters, two typos allowed) is stored with every string made by deleting up to two
  // letters; "noir" (4 letters, one typo) with every one-letter deletion.
  const variants = async (word: string) =>
    (
      await client.query<{ variant: string }>(
        `SELECT variant FROM "SearchWordVariant" WHERE word = $1 ORDER BY variant`,
        [word],
      )
    ).rows.map((r) => r.variant);
  const deletions = (word: string, depth: number): string[] =>
    depth === 0
      ? [word]
      : [word, ...[...word].flatMap((_, i) => deletions(word.slice(0, i) + word.slice(i + 1), depth - 1))];
  expect(await variants("verdict")).toEqual([...new Set(deletions("verdict", 2))].sort());
  expect(await variants("verdict")).toHaveLength(29);
  expect(await variants("noir")).toEqual(["nir", "noi", "noir", "nor", "oir"]);
  expect((await client.query(`SELECT marquee_typos('verdict', 'vedrict', 1) AS typos`)).rows[0].typos).toBe(1);
  await client.query(`UPDATE "Movie" SET name = 'Blackwater' WHERE id = $1`, [movie.id]);
  await client.query(`UPDATE "Category" SET name = 'Neo Noir' WHERE id = $1`, [category]);
  expect((await words()).map((r) => r.word)).toEqual(["blackwater", "zoe", "kravitz", "neo", "noir"]);
});

test("the migrated search is prisma/search.sql's: running the file changes nothing, and no old version is left", async () => {
  const searchSql = fs.readFileSync(path.resolve(import.meta.dirname, "../../prisma/search.sql"), "utf8");
  const definitions = async () =>
    (
      await client.query<{ name: string; definition: string }>(
        `SELECT p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS name, pg_get_functiondef(p.oid) AS definition
         FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = 'public' AND p.proname LIKE 'marquee\\_%'
         UNION ALL
         SELECT t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal
         ORDER BY 1`,
      )
    ).rows;
  const migrated = await definitions();
  await client.query(searchSql);
  expect(await definitions()).toEqual(migrated);
  // A function whose arguments changed must have been dropped, not left beside the new one.
  const names = [...searchSql.matchAll(/^CREATE OR REPLACE FUNCTION (\w+)/gm)].map((match) => match[1]!);
  const overloads = migrated.map((row) => row.name.replace(/\(.*$/, "")).filter((name) => names.includes(name));
  expect(overloads.sort()).toEqual([...names].sort());
});

test("the lexicon stores variants for the rules lib/search-typo-rules.ts names, and stricter rules passed in forgive less", async () => {
  const { rows } = await client.query<{ budget: number }>(
    `SELECT marquee_lexicon_typo_budget(n) AS budget FROM generate_series(1, 30) AS n ORDER BY n`,
  );
  expect(rows.map((row) => row.budget)).toEqual(
    Array.from({ length: 30 }, (_, i) => typoBudget(i + 1, LEXICON_TYPO_RULES)),
  );
  const category = (
    await client.query(
      `INSERT INTO "Category" (id, name, "updatedAt") VALUES (gen_random_uuid(), 'Rules Test', now()) RETURNING id`,
    )
  ).rows[0].id;
  await client.query(
    `INSERT INTO "Movie" (id, name, "titleImage", image, language, year, hour, video, "categoryId", "updatedAt")
     VALUES (gen_random_uuid(), 'Corvina Ledger', 't', 'i', 'English', 2010, 2, 'v', $1, now())`,
    [category],
  );
  const found = async (search: string, oneTypoFrom: number, twoTyposFrom: number) =>
    (
      await client.query(
        `SELECT "movieId" FROM marquee_search($1, 50, $2, $3, $4::uuid, NULL, NULL, NULL, NULL, NULL)`,
        [search, oneTypoFrom, twoTyposFrom, category],
      )
    ).rowCount;
  // "crvna" is "corvina" less two letters: two typos, forgiven from 7 letters, not from 9.
  expect(await found("crvna ledger", 4, 7)).toBe(1);
  expect(await found("crvna ledger", 5, 9)).toBe(0);
  expect(await found("corvna ledger", 5, 9)).toBe(1);
  // "ldgr" is "ledger" less two letters: one more than a 6-letter word forgives.
  expect(await found("corvina ldgr", 4, 7)).toBe(0);
  // Rules more forgiving than the lexicon stores are held to it.
  expect(await found("crvna lgr", 2, 3)).toBe(0);
});
