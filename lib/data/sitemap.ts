import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { db } from "@/lib/database/db";
import { cacheTags } from "@/lib/cache/tags";
import { publishedMovie } from "./movie-visibility";

/** Every movie page search engines should know of, most recently changed first. */
export async function listMovieSitemapEntries(): Promise<{ id: string; updatedAt: Date }[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.movieLists);
  return db.movie.findMany({
    where: publishedMovie,
    select: { id: true, updatedAt: true },
    orderBy: { updatedAt: "desc" },
  });
}
