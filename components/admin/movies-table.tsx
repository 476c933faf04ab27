"use client";

import { useState } from "react";
import useSWR from "swr";
import { Runtime } from "@/components/movie/runtime";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, EmptyState, Thumbnail, cellClass } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, fetcher } from "@/lib/client/fetcher";
import { useAdminMovies } from "@/lib/client/hooks";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import type { MovieDetail, MovieListItem } from "@/lib/data/movie-shapes";
import type { MovieListPage } from "@/lib/data/movies";
import type { MediaOverview, MediaStatus } from "@/lib/media/transcode";
import { MovieForm } from "./movie-form";

/** `initial` is page 1 as the server rendered it. */
export function MoviesTable({ initial }: { initial: MovieListPage }) {
  const [page, setPage] = useState(1);
  const { data, error, isLoading, mutate } = useAdminMovies(page, initial);
  const [editing, setEditing] = useState<MovieListItem | null>(null);
  const [deleting, setDeleting] = useState<MovieListItem | null>(null);
  const { run, pending } = useApiMutation();
  // Transcode states change while the admin looks: refreshed every few seconds while any is running.
  const media = useSWR<MediaOverview>("/api/admin/media", fetcher, {
    refreshInterval: (latest) =>
      Object.values(latest?.movies ?? {}).some((status) => status.state === "queued" || status.state === "transcoding")
        ? 3000
        : 0,
  });

  const retryTranscode = (movie: MovieListItem) =>
    run(`transcode:${movie._id}`, `/api/movie/${movie._id}/transcode`, {
      method: "POST",
      success: "Transcoding queued",
      then: () => media.mutate(),
    });

  const cancelTranscode = (movie: MovieListItem) =>
    run(`transcode:${movie._id}`, `/api/movie/${movie._id}/transcode`, {
      method: "DELETE",
      success: "Transcoding cancelled",
      then: () => media.mutate(),
    });

  const deleteMovie = (movie: MovieListItem) =>
    run(movie._id, `/api/movie/${movie._id}`, {
      method: "DELETE",
      success: "Movie deleted successfully",
      failure: "Failed to delete movie",
      then: () => {
        setDeleting(null);
        return mutate();
      },
    });

  // SWR reports isLoading while it revalidates even when it holds the server's rows: only spin without rows.
  if (isLoading && !data) return <Loading />;
  if (error) return <EmptyState>{errorMessage(error)}</EmptyState>;
  const movies = data?.movies ?? [];
  return (
    <div className="flex flex-col gap-6">
      {media.data && !media.data.transcoding.available && (
        <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          {media.data.transcoding.reason}
        </p>
      )}
      {movies.length === 0 ? (
        <EmptyState>No movies</EmptyState>
      ) : (
        <DataTable
          label="Movies"
          head={["Image", "Name", "Category", "Language", "Year", "Runtime", "Video", "Actions"]}
        >
          {movies.map((movie) => (
            <tr key={movie._id}>
              <td className={cellClass}>
                <Thumbnail src={movie.image} alt="" />
              </td>
              <td className={`${cellClass} max-w-64 truncate font-semibold`}>{movie.name}</td>
              <td className={cellClass}>{movie.category.name}</td>
              <td className={cellClass}>{movie.language}</td>
              <td className={cellClass}>{movie.year}</td>
              <td className={cellClass}>
                <Runtime hour={movie.hour} durationSeconds={movie.durationSeconds} />
              </td>
              <td className={cellClass}>
                <VideoState
                  status={media.data?.movies[movie._id] ?? null}
                  onRetry={() => void retryTranscode(movie)}
                  onCancel={() => void cancelTranscode(movie)}
                  busy={pending === `transcode:${movie._id}`}
                  name={movie.name}
                />
              </td>
              <td className={cellClass}>
                <div className="flex gap-2 whitespace-nowrap">
                  <Button
                    variant="quiet"
                    className="px-3 py-1.5"
                    aria-label={`Edit ${movie.name}`}
                    onClick={() => setEditing(movie)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    className="px-3 py-1.5"
                    aria-label={`Delete ${movie.name}`}
                    onClick={() => setDeleting(movie)}
                  >
                    Delete
                  </Button>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pagination page={page} totalPage={data?.totalPage ?? 1} onChange={setPage} />
      <Dialog open={editing !== null} onClose={() => setEditing(null)} title="Edit Movie" wide>
        {editing && (
          <EditMovie
            id={editing._id}
            onSaved={() => {
              setEditing(null);
              void mutate();
            }}
          />
        )}
      </Dialog>
      <ConfirmDialog
        open={deleting !== null}
        busy={pending !== null}
        message={`Are you sure you want to delete "${deleting?.name ?? ""}"? Its reviews go with it.`}
        onConfirm={() => deleting && void deleteMovie(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}

/** A movie's transcode: queued or transcoding N% (with Cancel), ready, or failed or cancelled with the reason and Retry. */
function VideoState({
  status,
  onRetry,
  onCancel,
  busy,
  name,
}: {
  status: MediaStatus;
  onRetry: () => void;
  onCancel: () => void;
  busy: boolean;
  name: string;
}) {
  if (!status) return <span className="text-sm text-gray-400">Original only</span>;
  const action = (label: string, onClick: () => void) => (
    <Button
      variant="quiet"
      className="px-3 py-1"
      aria-label={`${label} transcoding ${name}`}
      disabled={busy}
      onClick={onClick}
    >
      {label}
    </Button>
  );
  switch (status.state) {
    case "queued":
    case "transcoding":
      return (
        <div className="flex max-w-56 flex-col items-start gap-1">
          <span className="text-sm">{status.state === "queued" ? "Queued" : `Transcoding ${status.progress}%`}</span>
          {status.error && <span className="text-xs text-gray-400">{status.error}</span>}
          {action("Cancel", onCancel)}
        </div>
      );
    case "ready":
      return <span className="text-sm text-green-500">Ready</span>;
    case "failed":
    case "cancelled":
      return (
        <div className="flex max-w-56 flex-col items-start gap-1">
          <span className="text-sm text-red-500">
            {status.state === "failed" ? `Failed: ${status.error}` : "Cancelled"}
          </span>
          {action("Retry", onRetry)}
        </div>
      );
  }
}

/** The edit form needs the cast, which only the detail record carries. */
function EditMovie({ id, onSaved }: { id: string; onSaved: () => void }) {
  const { data: movie, error } = useSWR<MovieDetail, Error>(`/api/movie/${id}`, fetcher, { revalidateOnFocus: false });
  if (error) return <p className="text-accent">{errorMessage(error)}</p>;
  if (!movie) return <Loading />;
  return <MovieForm movie={movie} onSaved={onSaved} />;
}

function Loading() {
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Loading">
      <Spinner className="size-10" />
    </div>
  );
}
