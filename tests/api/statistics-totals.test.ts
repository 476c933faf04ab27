// The admin Statistics page's totals and plays per day, and the admin list's video and category filters'
// totals, are kept by triggers (migrations 20261128230000_statistics_counts, 20261129010000_admin_media_counts,
// 20261129020000_plays_per_day and 20261129050000_admin_category_counts, docs/architecture.md "Totals kept
// by triggers"), not counted on each visit. Each write below goes
// through the API (or, for what only jobs and cascades do, through SQL as they do it), and after each
// the kept totals must equal a count of the tables, read in one snapshot.
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createTestCategory, createTestMovie } from "../support/catalogue";
import { api } from "../support/http";
import { adminToken, freshUser } from "../support/users";

let db: pg.Client;
beforeAll(async () => {
  db = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await db.connect();
});
afterAll(() => db.end());

type Totals = Record<string, number>;

/** Rows a test made, to be told apart from what other test files write to the same database meanwhile. */
type Mine = { movies?: string[]; categories?: string[]; users?: string[] };

/**
 * The kept totals and the counts they stand for, in one snapshot (other writes may come between two reads).
 * Rows in `leaveOut` are not counted.
 */
async function keptAndCounted(
  leaveOut: Mine = {},
): Promise<{ kept: Totals; counted: Totals; viewersOff: number; playsOff: number }> {
  await db.query("BEGIN ISOLATION LEVEL REPEATABLE READ");
  try {
    const kept = await db.query<{ name: string; count: string }>(`SELECT "name", "count"::text FROM "SiteCount"`);
    const counted = await db.query<{ name: string; count: string }>(
      `WITH m AS (SELECT * FROM "Movie" WHERE "id" <> ALL($1::uuid[]))
       SELECT 'movies' AS name, count(*)::text AS count FROM m
       UNION ALL SELECT 'categories', count(*)::text FROM "Category" WHERE "id" <> ALL($2::uuid[])
       UNION ALL SELECT 'users', count(*)::text FROM "User" WHERE "id" <> ALL($3::uuid[])
       UNION ALL SELECT 'media:' || s.state, count(m."id")::text
         FROM unnest(ARRAY['none', 'queued', 'transcoding', 'ready', 'failed', 'cancelled']) AS s(state)
         LEFT JOIN m ON coalesce(m."mediaState"::text, 'none') = s.state
        GROUP BY s.state
       UNION ALL SELECT 'video:none', count(*)::text FROM m WHERE "video" = ''
       UNION ALL SELECT 'video:original', count(*)::text FROM m WHERE "video" <> '' AND "mediaState" IS NULL
       UNION ALL SELECT 'category:' || c."id", count(m."id")::text
         FROM "Category" c LEFT JOIN m ON m."categoryId" = c."id" GROUP BY c."id"`,
      [leaveOut.movies ?? [], leaveOut.categories ?? [], leaveOut.users ?? []],
    );
    // Movies whose kept viewers differ from their WatchProgress rows.
    const off = await db.query<{ off: string }>(
      `SELECT count(*)::text AS off
         FROM (SELECT "movieId", count(*)::int AS n FROM "WatchProgress" GROUP BY 1) w
         FULL JOIN (SELECT "movieId", "viewers" AS n FROM "MovieViewers" WHERE "viewers" > 0) v USING ("movieId")
        WHERE w.n IS DISTINCT FROM v.n`,
    );
    // Days whose kept plays differ from the WatchProgress rows last saved that day.
    const playsOff = await db.query<{ off: string }>(
      `SELECT count(*)::text AS off
         FROM (SELECT "updatedAt"::date AS day, count(*)::int AS n FROM "WatchProgress" GROUP BY 1) w
         FULL JOIN (SELECT "day", "plays" AS n FROM "PlaysPerDay" WHERE "plays" > 0) p USING ("day")
        WHERE w.n IS DISTINCT FROM p.n`,
    );
    const totals = (rows: { name: string; count: string }[]) =>
      Object.fromEntries(rows.map((row) => [row.name, Number(row.count)]));
    return {
      kept: totals(kept.rows),
      counted: totals(counted.rows),
      viewersOff: Number(off.rows[0]!.off),
      playsOff: Number(playsOff.rows[0]!.off),
    };
  } finally {
    await db.query("COMMIT");
  }
}

async function expectExact(): Promise<Totals> {
  const { kept, counted, viewersOff, playsOff } = await keptAndCounted();
  expect(kept).toEqual(counted);
  expect(viewersOff).toBe(0);
  expect(playsOff).toBe(0);
  return kept;
}

/**
 * The part of the kept totals that a test's own rows account for: the totals less a count of every other
 * row, in one snapshot. Other test files add and change movies while this one runs, so a difference of two
 * totals read at different times would count their writes too.
 */
async function keptFor(mine: Mine, names: string[]): Promise<number[]> {
  const { kept, counted } = await keptAndCounted(mine);
  return names.map((name) => kept[name]! - counted[name]!);
}

async function viewersOf(movieId: string): Promise<number | null> {
  const { rows } = await db.query<{ viewers: number }>(`SELECT "viewers" FROM "MovieViewers" WHERE "movieId" = $1`, [
    movieId,
  ]);
  return rows[0]?.viewers ?? null;
}

describe("the Statistics page's kept totals", () => {
  test("stay exact through movies, categories and members created and deleted", async () => {
    await expectExact();
    const category = await createTestCategory();
    const movie = await createTestMovie({}, category._id);
    const member = await freshUser("statistics");
    const mine = { movies: [movie._id], categories: [category._id], users: [member._id] };
    await expectExact();
    expect(await keptFor(mine, ["movies", "categories", "users"])).toEqual([1, 1, 1]);

    const token = await adminToken();
    expect((await api("DELETE", `/api/movie/${movie._id}`, { token })).status).toBe(200);
    expect((await api("DELETE", `/api/category/${category._id}`, { token })).status).toBe(200);
    await db.query(`DELETE FROM "User" WHERE "id" = $1`, [member._id]);
    await expectExact();
    expect(await keptFor(mine, ["movies", "categories", "users"])).toEqual([0, 0, 0]);
  });

  test("count a movie's viewers once each, however often they save their place, and forget a member deleted", async () => {
    const movie = await createTestMovie();
    const [first, second] = [await freshUser("viewer"), await freshUser("viewer")];
    const save = (token: string, position: number) =>
      api("PUT", `/api/user/progress/${movie._id}`, { token, body: { position, duration: 600 } });
    expect((await save(first.token, 10)).status).toBe(200);
    expect((await save(first.token, 20)).status).toBe(200);
    expect(await viewersOf(movie._id)).toBe(1);
    expect((await save(second.token, 30)).status).toBe(200);
    expect(await viewersOf(movie._id)).toBe(2);
    await expectExact();

    // Deleting a member deletes their progress (a cascade), and their view with it.
    await db.query(`DELETE FROM "User" WHERE "id" = $1`, [first._id]);
    expect(await viewersOf(movie._id)).toBe(1);
    await expectExact();

    // A deleted movie takes its count with it.
    expect((await api("DELETE", `/api/movie/${movie._id}`, { token: await adminToken() })).status).toBe(200);
    expect(await viewersOf(movie._id)).toBeNull();
    await expectExact();
  });

  test("count a play on the day of its last saved position, moving it when the member watches again", async () => {
    const movie = await createTestMovie();
    const member = await freshUser("plays");
    // The plays kept for a day less the other members' rows last saved that day, in one statement (so one
    // snapshot): this member's share, whatever other test files save meanwhile.
    const playsOn = async (day: string) =>
      Number(
        (
          await db.query<{ plays: string }>(
            `SELECT (coalesce((SELECT "plays" FROM "PlaysPerDay" WHERE "day" = $2::date), 0)
                   - (SELECT count(*) FROM "WatchProgress" WHERE "updatedAt"::date = $2::date AND "userId" <> $1))::text
                    AS plays`,
            [member._id, day],
          )
        ).rows[0]!.plays,
      );
    const save = (position: number) =>
      api("PUT", `/api/user/progress/${movie._id}`, { token: member.token, body: { position, duration: 600 } });
    const today = new Date().toISOString().slice(0, 10);
    expect(await playsOn(today)).toBe(0);
    expect((await save(10)).status).toBe(200);
    expect((await save(20)).status).toBe(200);
    expect(await playsOn(today)).toBe(1);
    await expectExact();

    // Last watched on an earlier day, as the row would be had the member stopped then; watching again
    // today moves the play back to today.
    const earlier = "2026-01-10";
    await db.query(
      `UPDATE "WatchProgress" SET "updatedAt" = $3::date + time '21:30' WHERE "userId" = $1 AND "movieId" = $2`,
      [member._id, movie._id, earlier],
    );
    expect([await playsOn(today), await playsOn(earlier)]).toEqual([0, 1]);
    expect((await save(30)).status).toBe(200);
    expect([await playsOn(today), await playsOn(earlier)]).toEqual([1, 0]);
    await expectExact();

    // A member deleted takes their plays with them.
    await db.query(`DELETE FROM "User" WHERE "id" = $1`, [member._id]);
    expect(await playsOn(today)).toBe(0);
    await expectExact();
  });

  test("follow a movie's transcode state as the jobs change it", async () => {
    // A video on another site: nothing is queued, so only this test moves the movie's state.
    const movie = await createTestMovie({ video: "https://videos.example.com/statistics.mp4" });
    const mine = { movies: [movie._id] };
    await expectExact();
    expect(await keptFor(mine, ["media:none", "video:original"])).toEqual([1, 1]);
    for (const state of ["queued", "transcoding", "failed", "queued", "ready"])
      await db.query(`UPDATE "Movie" SET "mediaState" = $2::"MediaState" WHERE "id" = $1`, [movie._id, state]);
    // A progress update without a change of state moves nothing.
    await db.query(`UPDATE "Movie" SET "mediaProgress" = 1 WHERE "id" = $1`, [movie._id]);
    await expectExact();
    expect(await keptFor(mine, ["media:ready", "media:none", "video:original"])).toEqual([1, 0, 0]);
  });

  test("follow many movies' states changed in one statement, as a cancelled backlog changes them", async () => {
    const movies = [
      await createTestMovie({ video: "https://videos.example.com/one.mp4" }),
      await createTestMovie({ video: "https://videos.example.com/two.mp4" }),
      await createTestMovie({ video: "https://videos.example.com/three.mp4" }),
    ];
    const ids = movies.map((movie) => movie._id);
    const mine = { movies: ids };
    await expectExact();
    expect(await keptFor(mine, ["media:none", "video:original"])).toEqual([3, 3]);
    await db.query(
      `UPDATE "Movie" m SET "mediaState" = s.state::"MediaState"
         FROM unnest($1::uuid[], $2::text[]) AS s(id, state) WHERE m."id" = s.id`,
      [ids, ["queued", "queued", "ready"]],
    );
    await expectExact();
    expect(await keptFor(mine, ["media:queued", "media:ready", "video:original"])).toEqual([2, 1, 0]);
    // Every one of them cancelled at once; an update that moves no figure moves nothing.
    await db.query(`UPDATE "Movie" SET "mediaState" = 'cancelled' WHERE "id" = ANY($1::uuid[])`, [ids]);
    await db.query(`UPDATE "Movie" SET "mediaProgress" = 0.5 WHERE "id" = ANY($1::uuid[])`, [ids]);
    await expectExact();
    expect(await keptFor(mine, ["media:queued", "media:ready", "media:cancelled"])).toEqual([0, 0, 3]);
  });

  test("count the movies with no video and those served untranscoded, as the admin list's filters find them", async () => {
    const movie = await createTestMovie({ video: "https://videos.example.com/untranscoded.mp4" });
    const mine = { movies: [movie._id] };
    await expectExact();
    expect(await keptFor(mine, ["video:none", "video:original"])).toEqual([0, 1]);
    const moves: [string, string | null, number, number][] = [
      // video, transcode state, then whether the movie counts as "no video" and as "served as uploaded"
      ["", null, 1, 0], // the video removed (as an import's draft has none)
      ["", "failed", 1, 0], // a state kept from before: still no video
      ["https://videos.example.com/again.mp4", "failed", 0, 0], // a video, transcoded once: in neither
      ["https://videos.example.com/again.mp4", null, 0, 1], // back to where it started
    ];
    for (const [video, state, none, original] of moves) {
      await db.query(`UPDATE "Movie" SET "video" = $2, "mediaState" = $3::"MediaState" WHERE "id" = $1`, [
        movie._id,
        video,
        state,
      ]);
      await expectExact();
      expect(await keptFor(mine, ["video:none", "video:original"])).toEqual([none, original]);
    }
    const token = await adminToken();
    const totals = async () =>
      Promise.all(
        ["none", "original", "ready"].map(
          async (media) =>
            (await api<{ moviesCount: number }>("GET", `/api/admin/movies?media=${media}`, { token })).body.moviesCount,
        ),
      );
    const figures = async () => {
      const kept = await expectExact();
      return [kept["video:none"], kept["video:original"], kept["media:ready"]];
    };
    // The list's totals are read between two equal snapshots of the figures, so that no other test file's
    // write fell between; a few tries find such a quiet moment.
    let [listed, around]: [number[], (number | undefined)[][]] = [[], []];
    for (let attempt = 0; attempt < 5; attempt++) {
      around = [await figures()];
      listed = await totals();
      around.push(await figures());
      if (JSON.stringify(around[0]) === JSON.stringify(around[1])) break;
    }
    expect(around[1]).toEqual(around[0]);
    expect(listed).toEqual(around[0]);
    expect((await api("DELETE", `/api/movie/${movie._id}`, { token })).status).toBe(200);
    await expectExact();
  });

  test("count each category's movies, drafts included, as movies come, move between categories and go", async () => {
    const token = await adminToken();
    const [from, to] = [await createTestCategory(), await createTestCategory()];
    const figure = (kept: Totals, category: { _id: string }) => kept[`category:${category._id}`];
    expect([figure(await expectExact(), from), figure(await expectExact(), to)]).toEqual([0, 0]);
    const movies = [
      await createTestMovie({}, from._id),
      await createTestMovie({}, from._id),
      await createTestMovie({}, from._id),
    ];
    const ids = movies.map((movie) => movie._id);
    expect((await api("PUT", `/api/movie/${ids[2]}`, { token, body: { draft: true } })).status).toBe(200);
    let kept = await expectExact();
    expect([figure(kept, from), figure(kept, to)]).toEqual([3, 0]);

    // The bulk action moves two in one statement; an edit that keeps the category moves nothing.
    const moved = await api("POST", "/api/admin/movies/bulk", {
      token,
      body: { action: "category", ids: ids.slice(0, 2), category: to._id },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await db.query(`UPDATE "Movie" SET "mediaProgress" = 0.5 WHERE "id" = ANY($1::uuid[])`, [ids]);
    kept = await expectExact();
    expect([figure(kept, from), figure(kept, to)]).toEqual([1, 2]);

    // The admin list's total for a category alone is that figure; with another filter it is counted.
    const total = async (query: string) =>
      (await api<{ moviesCount: number }>("GET", `/api/admin/movies?${query}`, { token })).body.moviesCount;
    expect([await total(`category=${from._id}`), await total(`category=${to._id}`)]).toEqual([1, 2]);
    expect(await total(`category=${from._id}&status=draft`)).toBe(1);
    expect(await total("category=00000000-0000-4000-8000-000000000000")).toBe(0);

    for (const id of ids) expect((await api("DELETE", `/api/movie/${id}`, { token })).status).toBe(200);
    for (const category of [from, to])
      expect((await api("DELETE", `/api/category/${category._id}`, { token })).status).toBe(200);
    kept = await expectExact();
    expect([figure(kept, from), figure(kept, to)]).toEqual([undefined, undefined]);
  });
});
