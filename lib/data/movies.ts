import "server-only";
import { db } from "@/lib/db";
import { movieListSelect, toMovieListItem, type MovieListItem } from "./movie-shapes";

/** The newest movies first. */
export async function listLatestMovies(limit: number): Promise<MovieListItem[]> {
  const rows = await db.movie.findMany({ select: movieListSelect, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: limit });
  return rows.map(toMovieListItem);
}
