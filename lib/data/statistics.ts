import "server-only";
import { db } from "@/lib/db";

export type SiteTotals = { movies: number; categories: number; users: number };

/** The admin Statistics cards: real totals (CONTRACT.md section 7), not the spec's fixed 90s. */
export async function siteTotals(): Promise<SiteTotals> {
  const [movies, categories, users] = await Promise.all([db.movie.count(), db.category.count(), db.user.count()]);
  return { movies, categories, users };
}
