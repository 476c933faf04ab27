"use client";

import useSWR from "swr";
import { errorMessage, fetcher } from "@/lib/client/fetcher";
import type { AdminMovieDetail } from "@/lib/data/admin-movies";
import { ListLoading } from "./list-kit";
import { MovieForm } from "./movie-form";

/**
 * The Edit Movie dialog's content. The edit form needs the cast, which only the detail record carries;
 * drafts included. Fetched afresh each time the dialog opens, and the form waits for it: the form takes
 * its values once, and the copy cached from an earlier opening may predate a save or a bulk Publish /
 * Unpublish.
 */
export function EditMovie({ id, onSaved }: { id: string; onSaved: () => void }) {
  const {
    data: movie,
    error,
    isValidating,
  } = useSWR<AdminMovieDetail, Error>(`/api/admin/movies/${id}`, fetcher, {
    revalidateOnMount: true,
    revalidateOnFocus: false,
    revalidateOnReconnect: false,
    dedupingInterval: 0,
  });
  if (error) return <p className="text-accent">{errorMessage(error)}</p>;
  if (!movie || isValidating) return <ListLoading />;
  return <MovieForm movie={movie} draft={movie.draft} onSaved={onSaved} />;
}
