import "server-only";
import { db } from "@/lib/db";
import { isUuid } from "./ids";

/**
 * Whether a movie with this id exists: proxy.ts asks before /movie/{id} streams, because the page's
 * prerendered shell would otherwise commit a 200 before the page finds the movie missing.
 */
export async function movieExists(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await db.movie.count({ where: { id } })) > 0;
}
