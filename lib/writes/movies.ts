import "server-only";
// The movie writes of the API (lib/data/movies.ts, lib/data/admin-movies.ts) with what they leave
// to do once committed (lib/writes/effects.ts): the movie's cache tags expire, files nothing uses any
// more leave storage, a replaced video's transcoded media is discarded and a new video is queued for
// transcoding. A movie whose transcode was queued is answered as it is now (its media state).
import { DomainError, invalid, notFound } from "@/lib/errors";
import * as adminMovies from "@/lib/data/admin-movies";
import type { AdminMovieBulkResult } from "@/lib/data/admin-movies";
import * as movies from "@/lib/data/movies";
import { MOVIE_NOT_FOUND, requireAnyMovieDetail } from "@/lib/data/movies";
import type { MovieDetail } from "@/lib/data/movie-shapes";
import { retryTranscode } from "@/lib/jobs/transcode-queue";
import { transcodingStatus } from "@/lib/media/ffmpeg";
import type { AdminMovieBulkInput } from "@/lib/validation/admin-movie";
import type { MovieCreateInput, MovieUpdateInput } from "@/lib/validation/movie";
import { carryOut } from "./effects";

/** POST /api/movie. */
export async function createMovie(input: MovieCreateInput): Promise<MovieDetail> {
  const { movie, effects } = await movies.createMovie(input);
  const queued = await carryOut(effects);
  return queued.has(movie._id) ? requireAnyMovieDetail(movie._id) : movie;
}

/** PUT /api/movie/{id}. */
export async function updateMovie(id: string, input: MovieUpdateInput): Promise<MovieDetail> {
  const { movie, effects } = await movies.updateMovie(id, input);
  const queued = await carryOut(effects);
  return queued.has(id) ? requireAnyMovieDetail(id) : movie;
}

/** DELETE /api/movie/{id}. */
export async function deleteMovie(id: string): Promise<{ message: string }> {
  const { message, effects } = await movies.deleteMovie(id);
  await carryOut(effects);
  return { message };
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

/**
 * POST /api/admin/movies/bulk: one action on each selected movie. Each movie succeeds or fails on
 * its own (a movie deleted meanwhile, a draft not complete enough to publish); the answer lists both.
 * Neither publish nor unpublish keeps a record of who did it beyond the movie's updatedAt.
 */
export async function bulkMovieAction(input: AdminMovieBulkInput): Promise<AdminMovieBulkResult> {
  const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))];
  const names = await adminMovies.movieNames(ids);
  const done: string[] = [];
  const failed: AdminMovieBulkResult["failed"] = [];
  const fail = (id: string, message: string) => failed.push({ _id: id, name: names.get(id) ?? "", message });
  const present: string[] = [];
  for (const id of ids) {
    if (names.has(id)) present.push(id);
    else fail(id, MOVIE_NOT_FOUND);
  }

  switch (input.action) {
    case "delete":
      for (const id of present) await attempt(id, () => deleteMovie(id), done, fail);
      return { message: `${plural(done.length, "movie")} deleted`, done, failed };
    case "category": {
      const { moved, effects } = await adminMovies.moveMoviesToCategory(present, input.category!);
      done.push(...moved);
      for (const id of present) if (!done.includes(id)) fail(id, MOVIE_NOT_FOUND);
      await carryOut(effects);
      return { message: `${plural(done.length, "movie")} moved`, done, failed };
    }
    case "transcode": {
      const transcoding = transcodingStatus();
      if (!transcoding.available) throw invalid(transcoding.reason);
      for (const id of present)
        await attempt(
          id,
          async () => {
            const jobId = await retryTranscode(id);
            if (jobId === undefined) throw notFound(MOVIE_NOT_FOUND);
            if (jobId === null) throw invalid("Its video is not a file stored here, so it cannot be transcoded.");
          },
          done,
          fail,
        );
      return { message: `${plural(done.length, "transcode")} queued`, done, failed };
    }
    case "publish":
      for (const id of present) await attempt(id, () => updateMovie(id, { draft: false }), done, fail);
      return { message: `${plural(done.length, "movie")} published`, done, failed };
    case "unpublish":
      // As the edit dialog's Draft status: the same update, so the same cache tags expire.
      for (const id of present) await attempt(id, () => updateMovie(id, { draft: true }), done, fail);
      return { message: `${plural(done.length, "movie")} unpublished`, done, failed };
  }
}

/** Runs one movie's part of a bulk action; an expected refusal (a DomainError) fails that movie only. */
async function attempt(
  id: string,
  work: () => Promise<unknown>,
  done: string[],
  fail: (id: string, message: string) => void,
): Promise<void> {
  try {
    await work();
    done.push(id);
  } catch (error) {
    if (error instanceof DomainError) fail(id, error.message);
    else throw error;
  }
}
