import "server-only";
import { db } from "@/lib/database/db";
import { isUuid } from "@/lib/validation/ids";
import { publishedMovie } from "./movie-visibility";

/**
 * Whether a published movie with this id exists (a draft is not there for the public): proxy.ts asks before /movie/{id} renders, so a made-up id gets
 * its 404 without Next rendering and keeping a page for it.
 */
export async function movieExists(id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await db.movie.count({ where: { id, ...publishedMovie } })) > 0;
}
