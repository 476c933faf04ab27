"use client";

import Link from "next/link";
import { useState } from "react";
import toast from "react-hot-toast";
import { NO_RATINGS } from "@/components/movie/stars";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, EmptyState, Thumbnail, cellClass } from "@/components/ui/data-table";
import { Spinner } from "@/components/ui/spinner";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { FAVORITES_URL, useFavorites } from "@/lib/client/hooks";

export function FavoritesTable() {
  const { data: movies, error, isLoading, mutate } = useFavorites();
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmingDeleteAll, setConfirmingDeleteAll] = useState(false);

  async function run(key: string, url: string) {
    setBusy(key);
    try {
      const { message } = await apiFetch<{ message: string }>(url, { method: "DELETE" });
      toast.success(message);
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setBusy(null);
      setConfirmingDeleteAll(false);
      await mutate(); // spec section 4: reloaded after a delete
    }
  }

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
      {isLoading ? (
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
              <td className={cellClass}>
                <Thumbnail src={movie.image} alt="" />
              </td>
              <td className={`${cellClass} font-semibold`}>{movie.name}</td>
              <td className={cellClass}>{movie.category.name}</td>
              <td className={cellClass}>{movie.language}</td>
              <td className={cellClass}>{movie.year}</td>
              <td className={cellClass}>{movie.countReviews === 0 ? NO_RATINGS : movie.rate}</td>
              <td className={cellClass}>
                <div className="flex gap-2 whitespace-nowrap">
                  <Button variant="danger" className="px-3 py-1.5" aria-label={`Remove ${movie.name}`} disabled={busy !== null} onClick={() => void run(movie._id, `${FAVORITES_URL}/${movie._id}`)}>
                    Remove
                  </Button>
                  <Link href={`/movie/${movie._id}`} aria-label={`Open ${movie.name}`} className="inline-flex items-center rounded-md bg-subMain px-3 py-1.5 text-sm font-semibold text-white transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain">
                    View
                  </Link>
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
        onConfirm={() => void run("all", FAVORITES_URL)}
        onCancel={() => setConfirmingDeleteAll(false)}
      />
    </div>
  );
}
