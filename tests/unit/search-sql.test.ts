// prisma/search.sql holds the search's functions and triggers as they stand; migrations are what
// reaches a database (`prisma migrate deploy`, in dev, tests and production). These keep the two in
// step: the newest migration that defines or drops any of the file's functions or triggers must hold
// the file's text verbatim, so editing the file without a migration (or a function in a migration
// without the file) fails here. tests/foundation/migrations.test.ts checks the migrated database.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const searchSql = fs.readFileSync(path.join(root, "prisma/search.sql"), "utf8");
const migrationsDir = path.join(root, "prisma/migrations");
const migrations = fs
  .readdirSync(migrationsDir)
  .filter((name) => fs.existsSync(path.join(migrationsDir, name, "migration.sql")))
  .sort()
  .map((name) => ({ name, sql: fs.readFileSync(path.join(migrationsDir, name, "migration.sql"), "utf8") }));

/** The functions and triggers the file defines. */
const definedNames = [...searchSql.matchAll(/^CREATE OR REPLACE (?:FUNCTION|TRIGGER) "?(\w+)"?/gm)].map(
  (match) => match[1]!,
);

/** Whether `sql` creates, replaces, alters or drops one of the file's functions or triggers. */
const touchesSearch = (sql: string) =>
  definedNames.some((name) =>
    new RegExp(`\\b(?:CREATE(?: OR REPLACE)?|ALTER|DROP) (?:FUNCTION|TRIGGER)(?: IF EXISTS)? "?${name}"?\\b`).test(sql),
  );

describe("prisma/search.sql", () => {
  test("defines the search's functions and triggers, each re-runnable (CREATE OR REPLACE)", () => {
    expect(definedNames).toEqual(expect.arrayContaining(["marquee_search", "marquee_index_movie_words"]));
    expect(searchSql).not.toMatch(/^CREATE (?:FUNCTION|TRIGGER)/m);
    expect(searchSql).not.toMatch(/^CREATE (?:TABLE|INDEX|UNIQUE INDEX)/m);
  });

  test("the newest migration that changes the search holds the file's text verbatim", () => {
    const newest = migrations.filter((migration) => touchesSearch(migration.sql)).at(-1);
    expect(newest, "no migration defines the search functions").toBeDefined();
    expect(
      newest!.sql.includes(searchSql),
      `prisma/migrations/${newest!.name}/migration.sql must hold prisma/search.sql verbatim (between ` +
        `"-- >>> prisma/search.sql" and "-- <<< prisma/search.sql"): after editing the file, copy it into a new migration`,
    ).toBe(true);
  });
});
