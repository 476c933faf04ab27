"use client";

// The admin movie list (docs/architecture.md "The admin area at scale"): the site's search, filters
// by category, status and video state, a sort on every column and a page size, all in the URL; rows
// selected for bulk actions. Each row turns into a card on phones (components/ui/data-table.tsx),
// where a select takes the sort. Drawn with the admin list kit (components/admin/list-kit.tsx).
import { useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import type { SortDirection } from "@/components/ui/sortable-header";
import { useAdminMovies } from "@/lib/client/hooks";
import { useBulkAction, useRowSelection } from "@/lib/client/use-admin-list";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import { useUrlQuery } from "@/lib/client/use-url-query";
import type { AdminMovieBulkResult, AdminMovieItem, AdminMoviePage } from "@/lib/data/admin-movies";
import type { Category } from "@/lib/data/categories";
import { ADMIN_MOVIE_QUERY_KEYS, defaultOrder, type AdminMovieSort } from "@/lib/validation/admin-movie";
import { listQueryString } from "@/lib/validation/admin-list-query";
import { BulkFailures } from "./bulk-failures";
import { EditMovie } from "./edit-movie";
import { ListPages, ListSummary, sortableHead } from "./list-kit";
import { BulkDeleteDialog, SelectableTable } from "./list-selection";
import { MovieBulkBar } from "./movie-bulk-bar";
import { MovieListFilters } from "./movie-list-filters";
import { MOVIE_COLUMNS, MovieRow } from "./movie-row";

const FILTERS = ["search", "category", "status", "media"] as const;

/** `initial` is the list the server rendered for the page's URL. */
export function MoviesTable({
  initial,
  categories,
}: {
  initial: { query: string; page: AdminMoviePage };
  categories: Category[];
}) {
  const [params, setQuery] = useUrlQuery();
  const list = { params, setQuery };
  const query = listQueryString(params, ADMIN_MOVIE_QUERY_KEYS);
  const { data, error, isLoading, mutate } = useAdminMovies(query, initial);
  const selection = useRowSelection(query);
  const { run, pending } = useApiMutation();
  const { bulk, failures, dismissFailures } = useBulkAction<AdminMovieBulkResult["failed"][number]>({
    url: "/api/admin/movies/bulk",
    run,
    selection,
    refresh: () => mutate(),
  });
  const [editing, setEditing] = useState<AdminMovieItem | null>(null);
  const [deleting, setDeleting] = useState<AdminMovieItem | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);

  const sort = (params.get("sort") as AdminMovieSort | null) ?? undefined;
  const order = (params.get("order") as SortDirection | null) ?? defaultOrder(sort);
  const filtered = FILTERS.some((key) => params.get(key));
  /** A press on a column head: sort by it, then the other way, then back to the list's own order. */
  const sortBy = (column: AdminMovieSort) => {
    if (sort !== column) setQuery({ sort: column, order: null, page: null });
    else if (order === defaultOrder(column))
      setQuery({ order: defaultOrder(column) === "asc" ? "desc" : "asc", page: null });
    else setQuery({ sort: null, order: null, page: null });
  };

  const movies = data?.movies ?? [];
  const ids = movies.map((movie) => movie._id);
  const { selected } = selection;
  const transcode = (movie: AdminMovieItem, method: "POST" | "DELETE") =>
    run(`transcode:${movie._id}`, `/api/movie/${movie._id}/transcode`, {
      method,
      success: method === "POST" ? "Transcoding queued" : "Transcoding cancelled",
      then: () => mutate(),
    });
  const deleteMovie = (movie: AdminMovieItem) =>
    run(movie._id, `/api/movie/${movie._id}`, {
      method: "DELETE",
      success: "Movie deleted successfully",
      failure: "Failed to delete movie",
      then: () => {
        setDeleting(null);
        return mutate();
      },
    });

  const count = data ? `${data.moviesCount}${data.moviesCountIsLowerBound ? "+" : ""}` : "";
  return (
    <div className="flex flex-col gap-5">
      {data && !data.transcoding.available && (
        <p role="status" className="rounded-md border border-amber-500/40 bg-amber-500/10 px-4 py-3 text-sm">
          {data.transcoding.reason}
        </p>
      )}
      <MovieListFilters query={list} categories={categories} sort={sort} order={order} />

      <ListSummary
        text={count && `${count} ${data?.moviesCount === 1 ? "movie" : "movies"}`}
        loading={isLoading}
        onClearFilters={
          filtered ? () => setQuery(Object.fromEntries([...FILTERS, "page"].map((key) => [key, null]))) : undefined
        }
      />

      {selected.size > 0 && (
        <MovieBulkBar
          count={selected.size}
          busy={pending !== null}
          categories={categories}
          onAction={(action, extra) => void bulk({ action, ...extra })}
          onDelete={() => setConfirmBulkDelete(true)}
          onClear={selection.clear}
        />
      )}
      <BulkFailures
        title={`Not done for ${failures.length === 1 ? "one movie" : `${failures.length} movies`}:`}
        failures={failures}
        labelOf={(failure) => failure.name}
        onDismiss={dismissFailures}
      />

      <SelectableTable
        loading={isLoading && !data}
        error={error}
        empty={movies.length === 0 ? (filtered ? "No movies match these filters" : "No movies") : null}
        label="Movies"
        selectAllLabel="Select every movie on this page"
        selection={selection}
        selectable={ids}
        head={[
          // Beside the admin menu (lg) a laptop's width has no room for the thumbnail: from 1536 px it shows.
          { cell: <span className="sr-only">Image</span>, className: "w-16 lg:max-2xl:hidden" },
          ...MOVIE_COLUMNS.map((column) =>
            sortableHead(column.label, sort === column.sort ? order : undefined, () => sortBy(column.sort)),
          ),
          "Actions",
        ]}
      >
        {movies.map((movie) => (
          <MovieRow
            key={movie._id}
            movie={movie}
            selected={selected.has(movie._id)}
            onToggle={() => selection.toggle(movie._id)}
            transcoding={{
              busy: pending === `transcode:${movie._id}`,
              retry: () => void transcode(movie, "POST"),
              cancel: () => void transcode(movie, "DELETE"),
            }}
            onEdit={() => setEditing(movie)}
            onDelete={() => setDeleting(movie)}
          />
        ))}
      </SelectableTable>
      <ListPages query={list} totalPage={data?.totalPage ?? 1} />
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
        confirmLabel="Delete movie"
        onConfirm={() => deleting && void deleteMovie(deleting)}
        onCancel={() => setDeleting(null)}
      />
      <BulkDeleteDialog
        open={confirmBulkDelete}
        busy={pending !== null}
        count={selected.size}
        noun={["movie", "movies"]}
        consequence="Their reviews go with them."
        onConfirm={() => void bulk({ action: "delete" }).then(() => setConfirmBulkDelete(false))}
        onCancel={() => setConfirmBulkDelete(false)}
      />
    </div>
  );
}
