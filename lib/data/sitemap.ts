import "server-only";
import { db } from "@/lib/db";

/** Every movie page search engines should know of, most recently changed first. */
export async function listMovieSitemapEntries(): Promise<{ id: string; updatedAt: Date }[]> {
  return db.movie.findMany({ select: { id: true, updatedAt: true }, orderBy: { updatedAt: "desc" } });
}
