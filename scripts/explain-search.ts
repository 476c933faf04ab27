// Shows how PostgreSQL runs the catalogue search (GET /api/movie?search=...): starts a throwaway
// embedded PostgreSQL, applies the migrations, adds 100,000 generated movies (random names) and a few
// real ones and prints EXPLAIN of the very statements lib/data/movies.ts runs, built by
// lib/data/movie-search-sql.ts. `npm run bench:search` measures them on a more realistic catalogue.
//
//   npx tsx scripts/explain-search.ts [search term]
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { searchPageSql, suggestSql } from "@/lib/data/movie-search-sql";
import { searchTypoRules } from "@/lib/env";
import { migrate, openDatabase } from "./lib/database";
import { explainWithNested } from "./lib/explain";

const term = process.argv[2] ?? "lighthose";
const MOVIES = 100_000;
const work = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-explain-"));
fs.chmodSync(work, 0o755);
const database = await openDatabase({ dataDir: path.join(work, "postgres"), name: "marquee_explain", log: () => {} });
try {
  await migrate(database.url);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query(`
    INSERT INTO "Category" ("id", "name", "updatedAt") VALUES ('00000000-0000-4000-8000-000000000001', 'Generated', now());
    INSERT INTO "Movie" ("id", "name", "titleImage", "image", "language", "year", "hour", "video", "categoryId", "updatedAt")
    SELECT gen_random_uuid(),
           'Film ' || substr(md5(i::text), 1, 6) || ' ' || substr(md5((i * 7)::text), 1, 5),
           '', '', 'English', 2000 + i % 23, 1 + i % 10, '', '00000000-0000-4000-8000-000000000001', now()
    FROM generate_series(1, ${MOVIES}) AS i;
    INSERT INTO "Movie" ("id", "name", "titleImage", "image", "language", "year", "hour", "video", "categoryId", "updatedAt")
    SELECT gen_random_uuid(), name, '', '', 'English', 2020, 2, '', '00000000-0000-4000-8000-000000000001', now()
    FROM unnest(ARRAY['Lighthouse Keeper', 'The Lighthouse', 'Crème Brûlée Protocol', 'The Amber Compass']) AS name;`);
  await client.query(`VACUUM ANALYZE`); // apart: VACUUM cannot run in the statements' implicit transaction
  const explain = async (title: string, sql: { text: string; values: unknown[] }) =>
    console.log(`${title}\n\n${await explainWithNested(client, sql)}\n`);
  await explain(
    `GET /api/movie?search=${encodeURIComponent(term)} over ${MOVIES.toLocaleString("en")} movies:`,
    searchPageSql({ search: term, typoRules: searchTypoRules(), limit: 20, offset: 0 }),
  );
  await explain(
    `GET /api/movie/suggest?q=${encodeURIComponent(term)}:`,
    suggestSql({ search: term, typoRules: searchTypoRules() }, 8),
  );
  await client.end();
} finally {
  await database.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
