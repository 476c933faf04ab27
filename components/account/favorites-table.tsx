"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useState } from "react";
import { NO_RATINGS } from "@/components/movie/stars";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { MovieCells } from "@/components/movie/movie-cells";
import { DataTable, EmptyState, cellClass } from "@/components/ui/data-table";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/fetcher";
import { FAVORITES_URL, useFavorites } from "@/lib/client/hooks";
import { answerMessage, useApiMutation } from "@/lib/client/use-api-mutation";
import type { MovieListItem } from "@/lib/data/movie-shapes";

/** `initial` is the list as the server rendered it. */
export function FavoritesTable({ initial }: { initial: MovieListItem[] }) {
  const { data: movies, error, isLoading, mutate } = useFavorites(true, initial);
  const { run: send, pending: busy } = useApiMutation();
  const [confirmingDeleteAll, setConfirmingDeleteAll] = useState(false);
  // docs/product.md "Favourites and My List": the list is reloaded after a delete.
  const run = (key: string, url: string) =>
    send(key, url, {
      method: "DELETE",
      success: answerMessage,
      then: () => {
        setConfirmingDeleteAll(false);
        return mutate();
      },
    });

  const empty = !movies || movies.length === 0;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-xl font-bold">Favorites Movies</h1>
        <Button variant="outline" disabled={empty || busy !== null} onClick={() => setConfirmingDeleteAll(true)}>
          {busy === "all" && <Spinner />}
          Delete All
        </Button>
      </div>
      {isLoading && !movies ? ( // only without rows: SWR reports isLoading while revalidating the server's
        <div className="flex justify-center py-16" role="status" aria-label="Loading">
          <Spinner className="size-10" />
        </div>
      ) : error ? (
        <EmptyState>{errorMessage(error)}</EmptyState>
      ) : empty ? (
        <EmptyState>No favorite movie</EmptyState>
      ) : (
        <DataTable label="Favorite movies" head={["Image", "Name", "Category", "Language", "Year", "Rate", "Actions"]}>
          {movies.map((movie) => (
            <tr key={movie._id}>
              <MovieCells movie={movie} />
              <td className={cellClass}>{movie.countReviews === 0 ? NO_RATINGS : movie.rate}</td>
              <td className={cellClass}>
                <div className="flex gap-2 whitespace-nowrap">
                  <Button
                    variant="danger"
                    size="compact"
                    aria-label={`Remove ${movie.name}`}
                    disabled={busy !== null}
                    onClick={() => void run(movie._id, `${FAVORITES_URL}/${movie._id}`)}
                  >
                    Remove
                  </Button>
                  <IntentLink
                    href={`/movie/${movie._id}`}
                    aria-label={`View ${movie.name}`}
                    className="inline-flex items-center rounded-md bg-subMain px-3 py-1.5 text-sm font-semibold text-white transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain"
                  >
                    View
                  </IntentLink>
                </div>
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <ConfirmDialog
        open={confirmingDeleteAll}
        busy={busy === "all"}
        message="Are you sure you want to remove every movie from your favorites?"
        confirmLabel="Remove all"
        onConfirm={() => void run("all", FAVORITES_URL)}
        onCancel={() => setConfirmingDeleteAll(false)}
      />
    </div>
  );
}
