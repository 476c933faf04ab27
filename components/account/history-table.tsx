"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useState } from "react";
import { playHref } from "@/components/movie/play-link";
import { Button, ButtonLink } from "@/components/ui/button";
import { DataTable, EmptyState, Thumbnail, cellClass } from "@/components/ui/data-table";
import { Pagination } from "@/components/ui/pagination";
import { errorMessage } from "@/lib/client/fetcher";
import { formatLongDate } from "@/lib/client/format";
import { historyItemUrl, useHistory } from "@/lib/client/hooks";
import { answerMessage, useApiMutation } from "@/lib/client/use-api-mutation";
import type { HistoryPage } from "@/lib/data/progress";

/** /history: what the user watched, most recently first, with how far and when. `initial` is page 1. */
export function HistoryTable({ initial }: { initial: HistoryPage }) {
  const [page, setPage] = useState(1);
  const { data, error, mutate } = useHistory(page, initial);
  const { run, pending } = useApiMutation();
  const movies = data?.movies ?? [];

  const change = (movieId: string, mutation: { method: "PUT" | "DELETE"; body?: unknown }) =>
    run(movieId, historyItemUrl(movieId), {
      ...mutation,
      success: answerMessage,
      then: async () => {
        const fresh = await mutate();
        // The last row of a later page went: show the page before.
        if (fresh && fresh.movies.length === 0 && page > 1) setPage(page - 1);
      },
    });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">History</h1>
      {error && !data ? (
        <EmptyState>{errorMessage(error)}</EmptyState>
      ) : movies.length === 0 ? (
        <EmptyState>You have not watched anything yet.</EmptyState>
      ) : (
        <DataTable label="History" head={["Image", "Name", "Progress", "Last watched", "Actions"]}>
          {movies.map((movie) => {
            const percent = Math.min(100, Math.round((movie.progress.position / movie.progress.duration) * 100));
            return (
              <tr key={movie._id}>
                <td className={cellClass}>
                  <Thumbnail src={movie.image} alt="" />
                </td>
                <td className={`${cellClass} font-semibold`}>
                  <IntentLink
                    href={`/movie/${movie._id}`}
                    className="hover:text-accent focus-visible:outline-2 focus-visible:outline-subMain"
                  >
                    {movie.name}
                  </IntentLink>
                </td>
                <td className={cellClass}>
                  <div className="flex min-w-28 items-center gap-2">
                    <div
                      role="progressbar"
                      aria-label={`${movie.name}: watched`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={percent}
                      aria-valuetext={movie.watched ? "Watched" : `${percent}% watched`}
                      className="h-1.5 w-16 overflow-hidden rounded bg-white/20"
                    >
                      <div className="h-full bg-subMain" style={{ width: `${percent}%` }} />
                    </div>
                    <span className="text-xs text-text">{movie.watched ? "Watched" : `${percent}%`}</span>
                  </div>
                </td>
                <td className={cellClass}>
                  <time dateTime={movie.progress.updatedAt}>{formatLongDate(movie.progress.updatedAt)}</time>
                </td>
                <td className={cellClass}>
                  <div className="flex flex-wrap gap-2">
                    <ButtonLink href={playHref(movie._id)} size="compact" aria-label={`Play ${movie.name}`}>
                      Play
                    </ButtonLink>
                    <Button
                      variant="quiet"
                      size="compact"
                      aria-label={`${movie.watched ? "Mark unwatched" : "Mark watched"}: ${movie.name}`}
                      disabled={pending !== null}
                      onClick={() => void change(movie._id, { method: "PUT", body: { watched: !movie.watched } })}
                    >
                      {movie.watched ? "Mark unwatched" : "Mark watched"}
                    </Button>
                    <Button
                      variant="danger"
                      size="compact"
                      aria-label={`Remove ${movie.name} from history`}
                      disabled={pending !== null}
                      onClick={() => void change(movie._id, { method: "DELETE" })}
                    >
                      Remove
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <Pagination page={page} totalPage={data?.totalPage ?? 1} onChange={setPage} />
    </div>
  );
}
