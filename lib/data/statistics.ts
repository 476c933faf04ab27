import "server-only";
import { cacheLife } from "next/cache";
import { db } from "@/lib/database/db";
import { storage } from "@/lib/storage";

export type SiteTotals = { movies: number; categories: number; users: number };

/**
 * The totals the page shows, as triggers keep them in SiteCount (migration 20261128230000_statistics_counts,
 * docs/architecture.md "Totals kept by triggers"): exact after every write, read without counting a table.
 */
async function siteCounts(names: string[]): Promise<Map<string, number>> {
  const rows = await db.siteCount.findMany({ where: { name: { in: names } } });
  return new Map(rows.map((row) => [row.name, Number(row.count)]));
}

/** The admin Statistics cards: real totals (docs/product.md "Admin: statistics"), not fixed 90s. */
export async function siteTotals(): Promise<SiteTotals> {
  const counts = await siteCounts(["movies", "categories", "users"]);
  return {
    movies: counts.get("movies") ?? 0,
    categories: counts.get("categories") ?? 0,
    users: counts.get("users") ?? 0,
  };
}

// The charts below them. Each returns the rows its chart draws and its table lists, every period
// present (zero when nothing happened), oldest first. Days and weeks are UTC (timestamps are
// stored in UTC, without a zone).

/** One bar: its label (a date, a title, a kind) and its value. */
export type ChartPoint = { label: string; value: number };

export const PLAY_DAYS = 30;
export const SIGN_UP_WEEKS = 12;
export const MOST_WATCHED_COUNT = 10;

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const startOfUtcDay = (time: number) => time - (time % DAY_MS);

/**
 * Plays per day over the last PLAY_DAYS days, from watch progress: a play is a member's viewing of
 * a movie on the day of its last saved position (WatchProgress keeps one row per member and movie,
 * so a film watched again on a later day counts on that day only). Triggers keep the rows per day
 * in PlaysPerDay (migration 20261129020000_plays_per_day): 30 rows read, not a month of viewing.
 */
export async function playsPerDay(now = Date.now()): Promise<ChartPoint[]> {
  const today = startOfUtcDay(now);
  const first = today - (PLAY_DAYS - 1) * DAY_MS;
  const rows = await db.playsPerDay.findMany({ where: { day: { gte: new Date(first) } } });
  const byDay = new Map(rows.map((row) => [isoDay(row.day.getTime()), row.plays]));
  return Array.from({ length: PLAY_DAYS }, (_, index) => {
    const day = isoDay(first + index * DAY_MS);
    return { label: day, value: byDay.get(day) ?? 0 };
  });
}

/** Accounts created per week (weeks start on Monday) over the last SIGN_UP_WEEKS weeks. */
export async function signUpsPerWeek(now = Date.now()): Promise<ChartPoint[]> {
  const today = startOfUtcDay(now);
  // Day 0 (1 January 1970) was a Thursday, three days after a Monday.
  const monday = today - ((today / DAY_MS + 3) % 7) * DAY_MS;
  const first = monday - (SIGN_UP_WEEKS - 1) * 7 * DAY_MS;
  const rows = await db.$queryRaw<{ week: string; users: bigint }[]>`
    SELECT to_char(date_trunc('week', "createdAt"), 'YYYY-MM-DD') AS week, count(*) AS users
      FROM "User" WHERE "createdAt" >= ${isoDay(first)}::timestamp
     GROUP BY 1`;
  const byWeek = new Map(rows.map((row) => [row.week, Number(row.users)]));
  return Array.from({ length: SIGN_UP_WEEKS }, (_, index) => {
    const week = isoDay(first + index * 7 * DAY_MS);
    return { label: week, value: byWeek.get(week) ?? 0 };
  });
}

/**
 * The movies most members have watched (any part of), most first; ties by title. Viewers are kept per
 * movie by triggers (MovieViewers): the top of its index gives the tenth movie's count, and only the
 * movies with at least that many are read and sorted.
 */
export async function mostWatchedMovies(): Promise<ChartPoint[]> {
  const rows = await db.$queryRaw<{ name: string; viewers: number }[]>`
    SELECT m."name", v."viewers"
      FROM "MovieViewers" v JOIN "Movie" m ON m."id" = v."movieId"
     WHERE v."viewers" > 0
       AND v."viewers" >= coalesce((SELECT "viewers" FROM "MovieViewers" ORDER BY "viewers" DESC
                                     OFFSET ${MOST_WATCHED_COUNT - 1} LIMIT 1), 0)
     ORDER BY v."viewers" DESC, m."name", m."id"
     LIMIT ${MOST_WATCHED_COUNT}`;
  return rows.map((row) => ({ label: row.name, value: Number(row.viewers) }));
}

const MEDIA_STATE_LABELS = {
  queued: "Queued",
  transcoding: "Transcoding",
  failed: "Failed",
  ready: "Ready",
  cancelled: "Cancelled",
} as const;

/** Movies by the state of their video's transcode; "Not transcoded": never queued (no ffmpeg, a video elsewhere). */
export async function transcodeQueue(): Promise<ChartPoint[]> {
  const states = [...Object.keys(MEDIA_STATE_LABELS), "none"];
  const counts = await siteCounts(states.map((state) => `media:${state}`));
  const count = (state: keyof typeof MEDIA_STATE_LABELS | null) => counts.get(`media:${state ?? "none"}`) ?? 0;
  return [
    ...Object.entries(MEDIA_STATE_LABELS).map(([state, label]) => ({
      label,
      value: count(state as keyof typeof MEDIA_STATE_LABELS),
    })),
    { label: "Not transcoded", value: count(null) },
  ];
}

export type StorageUse = { kind: string; bytes: number; files: number };

const STORAGE_KINDS: Record<string, string> = { image: "Pictures", movie: "Videos", hls: "HLS", subtitle: "Subtitles" };

/**
 * Bytes and files in storage by kind (the storage key's first folder). It lists the whole storage,
 * which on a large bucket takes a while, so the answer is kept for a quarter of an hour, refreshed
 * in the background when older.
 */
export async function storageUse(): Promise<StorageUse[]> {
  "use cache";
  cacheLife({ stale: 300, revalidate: 900, expire: 86_400 });
  const totals = new Map(Object.values(STORAGE_KINDS).map((kind) => [kind, { kind, bytes: 0, files: 0 }]));
  for await (const file of storage().list()) {
    const kind = STORAGE_KINDS[file.key.slice(0, file.key.indexOf("/"))] ?? "Other";
    const total = totals.get(kind) ?? totals.set(kind, { kind, bytes: 0, files: 0 }).get(kind)!;
    total.bytes += file.size;
    total.files += 1;
  }
  return [...totals.values()];
}
