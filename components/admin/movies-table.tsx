"use client";

// The admin movie list (issue 26): the site's search, filters by category, status and video state,
// a sort on every column and a page size, all in the URL; rows selected for bulk actions. Each row
// turns into a card on phones (components/ui/data-table.tsx), where a select takes the sort.
import { useId, useState } from "react";
import useSWR from "swr";
import { Runtime } from "@/components/movie/runtime";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, EmptyState, Thumbnail, cellClass, type HeadCell } from "@/components/ui/data-table";
import { Dialog } from "@/components/ui/dialog";
import { Pagination } from "@/components/ui/pagination";
import { SortableHeader, ariaSortOf, type SortDirection } from "@/components/ui/sortable-header";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage, fetcher } from "@/lib/client/fetcher";
import { useAdminMovies } from "@/lib/client/hooks";
import { useApiMutation } from "@/lib/client/use-api-mutation";
import { useUrlQuery } from "@/lib/client/use-url-query";
import type { AdminMovieBulkResult, AdminMovieDetail, AdminMovieItem, AdminMoviePage } from "@/lib/data/admin-movies";
import type { Category } from "@/lib/data/categories";
import {
  ADMIN_MEDIA_FILTERS,
  ADMIN_MOVIE_PAGE_SIZES,
  ADMIN_MOVIE_QUERY_KEYS,
  ADMIN_MOVIES_DEFAULT_PAGE_SIZE,
  MEDIA_FILTER_LABELS,
  defaultOrder,
  type AdminBulkAction,
  type AdminMovieSort,
} from "@/lib/validation/admin-movie";
import { listQueryString } from "@/lib/validation/admin-list-query";
import { BulkFailures } from "./bulk-failures";
import { MovieForm } from "./movie-form";
import { FilterSelect, ListFilters, SearchBox } from "./list-filters";

const COLUMNS: { sort: AdminMovieSort; label: string }[] = [
  { sort: "name", label: "Name" },
  { sort: "category", label: "Category" },
  { sort: "language", label: "Language" },
  { sort: "year", label: "Year" },
  { sort: "hour", label: "Runtime" },
  { sort: "media", label: "Video" },
];
const SORT_LABELS: Record<AdminMovieSort, string> = {
  created: "Added",
  name: "Name",
  category: "Category",
  language: "Language",
  year: "Year",
  hour: "Runtime",
  media: "Video",
};

/** `initial` is the list the server rendered for the page's URL. */
const NO_SELECTION: ReadonlySet<string> = new Set();

export function MoviesTable({
  initial,
  categories,
}: {
  initial: { query: string; page: AdminMoviePage };
  categories: Category[];
}) {
  const [params, setQuery] = useUrlQuery();
  const query = listQueryString(params, ADMIN_MOVIE_QUERY_KEYS);
  const { data, error, isLoading, mutate } = useAdminMovies(query, initial);
  // A selection belongs to the rows it was made on: another page, filter or sort starts afresh.
  const [selection, setSelection] = useState<{ query: string; ids: ReadonlySet<string> }>({
    query: "",
    ids: new Set(),
  });
  const [editing, setEditing] = useState<AdminMovieItem | null>(null);
  const [deleting, setDeleting] = useState<AdminMovieItem | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const [moveTo, setMoveTo] = useState("");
  const [failures, setFailures] = useState<AdminMovieBulkResult["failed"]>([]);
  const selected = selection.query === query ? selection.ids : NO_SELECTION;
  const setSelected = (update: ReadonlySet<string> | ((current: ReadonlySet<string>) => ReadonlySet<string>)) =>
    setSelection((current) => {
      const ids = current.query === query ? current.ids : NO_SELECTION;
      return { query, ids: typeof update === "function" ? update(ids) : update };
    });
  const { run, pending } = useApiMutation();

  const sort = (params.get("sort") as AdminMovieSort | null) ?? undefined;
  const order = (params.get("order") as SortDirection | null) ?? defaultOrder(sort);
  const page = Number(params.get("page")) || 1;
  const searching = Boolean(params.get("search"));
  const filtered = ["search", "category", "status", "media"].some((key) => params.get(key));

  /** A press on a column head: sort by it, then the other way, then back to the list's own order. */
  const sortBy = (column: AdminMovieSort) => {
    if (sort !== column) setQuery({ sort: column, order: null, page: null });
    else if (order === defaultOrder(column))
      setQuery({ order: defaultOrder(column) === "asc" ? "desc" : "asc", page: null });
    else setQuery({ sort: null, order: null, page: null });
  };

  const movies = data?.movies ?? [];
  const allSelected = movies.length > 0 && movies.every((movie) => selected.has(movie._id));
  const toggle = (id: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  const bulk = async (action: AdminBulkAction, extra: { category?: string } = {}) => {
    const result = await run<AdminMovieBulkResult>("bulk", "/api/admin/movies/bulk", {
      method: "POST",
      body: { action, ids: [...selected], ...extra },
      success: (answer) => (answer.failed.length ? `${answer.message}; ${answer.failed.length} not` : answer.message),
      then: () => mutate(),
    });
    setConfirmBulkDelete(false);
    if (result) {
      setFailures(result.failed);
      setSelected(new Set(result.failed.map((failure) => failure._id)));
    }
  };

  const retryTranscode = (movie: AdminMovieItem) =>
    run(`transcode:${movie._id}`, `/api/movie/${movie._id}/transcode`, {
      method: "POST",
      success: "Transcoding queued",
      then: () => mutate(),
    });

  const cancelTranscode = (movie: AdminMovieItem) =>
    run(`transcode:${movie._id}`, `/api/movie/${movie._id}/transcode`, {
      method: "DELETE",
      success: "Transcoding cancelled",
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
      <ListFilters>
        <SearchBox
          label="Search movie list"
          value={params.get("search") ?? ""}
          onSearch={(search) => setQuery({ search, page: null }, { replace: true })}
        />
        <FilterSelect
          label="Category"
          value={params.get("category") ?? ""}
          onChange={(category) => setQuery({ category, page: null })}
          options={[
            { value: "", label: "All categories" },
            ...categories.map((c) => ({ value: c._id, label: c.name })),
          ]}
        />
        <FilterSelect
          label="Status"
          value={params.get("status") ?? ""}
          onChange={(status) => setQuery({ status, page: null })}
          options={[
            { value: "", label: "All" },
            { value: "published", label: "Published" },
            { value: "draft", label: "Draft" },
          ]}
        />
        <FilterSelect
          label="Video"
          value={params.get("media") ?? ""}
          onChange={(media) => setQuery({ media, page: null })}
          options={[
            { value: "", label: "Any video" },
            ...ADMIN_MEDIA_FILTERS.map((value) => ({ value, label: MEDIA_FILTER_LABELS[value] })),
          ]}
        />
        <FilterSelect
          label="Sort by"
          className="sm:hidden"
          value={sort ? `${sort}:${order}` : ""}
          onChange={(value) => {
            const [column, direction] = value.split(":");
            setQuery({ sort: column, order: direction, page: null });
          }}
          options={[
            { value: "", label: searching ? "Best match" : "Newest" },
            ...(Object.keys(SORT_LABELS) as AdminMovieSort[]).flatMap((column) => [
              { value: `${column}:asc`, label: `${SORT_LABELS[column]} ↑` },
              { value: `${column}:desc`, label: `${SORT_LABELS[column]} ↓` },
            ]),
          ]}
        />
        <FilterSelect
          label="Per page"
          value={params.get("limit") ?? String(ADMIN_MOVIES_DEFAULT_PAGE_SIZE)}
          onChange={(limit) =>
            setQuery({ limit: limit === String(ADMIN_MOVIES_DEFAULT_PAGE_SIZE) ? null : limit, page: null })
          }
          options={ADMIN_MOVIE_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        />
      </ListFilters>

      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-text">
        <p aria-live="polite">
          {count && `${count} ${data?.moviesCount === 1 ? "movie" : "movies"}`}
          {isLoading && <Spinner className="ml-2 inline-block size-4 align-middle" />}
        </p>
        {filtered && (
          <Button
            variant="quiet"
            size="compact"
            onClick={() => setQuery({ search: null, category: null, status: null, media: null, page: null })}
          >
            Clear filters
          </Button>
        )}
      </div>

      {selected.size > 0 && (
        <BulkBar
          count={selected.size}
          busy={pending !== null}
          categories={categories}
          moveTo={moveTo}
          onMoveToChange={setMoveTo}
          onDelete={() => setConfirmBulkDelete(true)}
          onMove={() => void bulk("category", { category: moveTo })}
          onTranscode={() => void bulk("transcode")}
          onPublish={() => void bulk("publish")}
          onUnpublish={() => void bulk("unpublish")}
          onClear={() => setSelected(new Set())}
        />
      )}
      <BulkFailures
        title={`Not done for ${failures.length === 1 ? "one movie" : `${failures.length} movies`}:`}
        failures={failures}
        labelOf={(failure) => failure.name}
        onDismiss={() => setFailures([])}
      />

      {isLoading && !data ? (
        <Loading />
      ) : error ? (
        <EmptyState>{errorMessage(error)}</EmptyState>
      ) : movies.length === 0 ? (
        <EmptyState>{filtered ? "No movies match these filters" : "No movies"}</EmptyState>
      ) : (
        <DataTable
          label="Movies"
          wide={false}
          head={[
            {
              cell: (
                <input
                  type="checkbox"
                  className="size-4 accent-subMain"
                  aria-label="Select every movie on this page"
                  checked={allSelected}
                  onChange={() => setSelected(allSelected ? new Set() : new Set(movies.map((movie) => movie._id)))}
                />
              ),
              className: "w-10",
            },
            // Beside the admin menu (lg) a laptop's width has no room for the thumbnail: from 1536 px it shows.
            { cell: <span className="sr-only">Image</span>, className: "w-16 lg:max-2xl:hidden" },
            ...COLUMNS.map((column): HeadCell => {
              const direction = sort === column.sort ? order : undefined;
              return {
                cell: <SortableHeader label={column.label} direction={direction} onSort={() => sortBy(column.sort)} />,
                sort: ariaSortOf(direction),
              };
            }),
            "Actions",
          ]}
        >
          {movies.map((movie) => (
            <tr key={movie._id}>
              <td className={cellClass}>
                <input
                  type="checkbox"
                  className="size-4 accent-subMain"
                  aria-label={`Select ${movie.name}`}
                  checked={selected.has(movie._id)}
                  onChange={() => toggle(movie._id)}
                />
              </td>
              <td className={`${cellClass} lg:max-2xl:hidden`}>
                <Thumbnail src={movie.image} alt="" />
              </td>
              <td className={`${cellClass} min-w-40 max-w-72 font-semibold`}>
                <span className="break-words">{movie.name}</span>
                {movie.draft && (
                  <span className="ml-2 rounded-full bg-amber-500/20 px-2 py-0.5 text-xs font-semibold text-amber-300">
                    Draft
                  </span>
                )}
              </td>
              <td className={cellClass}>{movie.category?.name ?? <Missing />}</td>
              <td className={cellClass}>{movie.language || <Missing />}</td>
              <td className={cellClass}>{movie.year}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                {movie.hour || movie.durationSeconds ? (
                  <Runtime hour={movie.hour ?? 0} durationSeconds={movie.durationSeconds} />
                ) : (
                  <Missing />
                )}
              </td>
              <td className={cellClass}>
                <VideoState
                  movie={movie}
                  onRetry={() => void retryTranscode(movie)}
                  onCancel={() => void cancelTranscode(movie)}
                  busy={pending === `transcode:${movie._id}`}
                />
              </td>
              <td className={cellClass}>
                <div className="flex gap-2 whitespace-nowrap">
                  <Button
                    variant="quiet"
                    size="compact"
                    aria-label={`Edit ${movie.name}`}
                    onClick={() => setEditing(movie)}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="danger"
                    size="compact"
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
      <Pagination page={page} totalPage={data?.totalPage ?? 1} onChange={(next) => setQuery({ page: next })} />
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
      <ConfirmDialog
        open={confirmBulkDelete}
        busy={pending !== null}
        message={`Delete ${selected.size === 1 ? "the selected movie" : `the ${selected.size} selected movies`}? Their reviews go with them.`}
        confirmLabel={`Delete ${selected.size === 1 ? "1 movie" : `${selected.size} movies`}`}
        onConfirm={() => void bulk("delete")}
        onCancel={() => setConfirmBulkDelete(false)}
      />
    </div>
  );
}

const Missing = () => <span className="text-text/70">—</span>;

/** What can be done with the selected rows. */
function BulkBar({
  count,
  busy,
  categories,
  moveTo,
  onMoveToChange,
  onDelete,
  onMove,
  onTranscode,
  onPublish,
  onUnpublish,
  onClear,
}: {
  count: number;
  busy: boolean;
  categories: Category[];
  moveTo: string;
  onMoveToChange: (id: string) => void;
  onDelete: () => void;
  onMove: () => void;
  onTranscode: () => void;
  onPublish: () => void;
  /** Back to draft: hidden from the public until published again. */
  onUnpublish: () => void;
  onClear: () => void;
}) {
  const moveId = useId();
  return (
    <div
      role="region"
      aria-label="Selected movies"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-subMain/40 bg-main px-4 py-3 text-sm"
    >
      <p className="font-semibold">{count} selected</p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={moveId} className="sr-only">
          Move to category
        </label>
        <select
          id={moveId}
          value={moveTo}
          onChange={(event) => onMoveToChange(event.target.value)}
          className="min-h-9 rounded-md border border-border/60 bg-dry px-2 py-1.5 text-sm focus:border-subMain focus:outline-none focus-visible:ring-2 focus-visible:ring-subMain/40"
        >
          <option value="">Move to category…</option>
          {categories.map((category) => (
            <option key={category._id} value={category._id}>
              {category.name}
            </option>
          ))}
        </select>
        <Button variant="quiet" size="compact" disabled={busy || !moveTo} onClick={onMove}>
          Move
        </Button>
      </div>
      <Button variant="quiet" size="compact" disabled={busy} onClick={onTranscode}>
        Transcode again
      </Button>
      <Button variant="quiet" size="compact" disabled={busy} onClick={onPublish}>
        Publish
      </Button>
      <Button variant="quiet" size="compact" disabled={busy} onClick={onUnpublish}>
        Unpublish
      </Button>
      <Button variant="danger" size="compact" disabled={busy} onClick={onDelete}>
        Delete selected
      </Button>
      <button
        type="button"
        onClick={onClear}
        className="ml-auto rounded px-2 py-1 text-text hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
      >
        Clear selection
      </button>
    </div>
  );
}

/** A movie's video: queued or transcoding N% (with Cancel), ready, failed or cancelled with the reason and Retry, or none. */
function VideoState({
  movie,
  onRetry,
  onCancel,
  busy,
}: {
  movie: AdminMovieItem;
  onRetry: () => void;
  onCancel: () => void;
  busy: boolean;
}) {
  const status = movie.media;
  if (!status) return <span className="text-sm text-text">{movie.video ? "Original only" : "No video"}</span>;
  const action = (label: string, onClick: () => void) => (
    <Button
      variant="quiet"
      size="compact"
      aria-label={`${label} transcoding ${movie.name}`}
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
          {status.error && <span className="text-xs text-text">{status.error}</span>}
          {action("Cancel", onCancel)}
        </div>
      );
    case "ready":
      return <span className="text-sm text-green-500">Ready</span>;
    case "failed":
    case "cancelled":
      return (
        <div className="flex max-w-56 flex-col items-start gap-1">
          <span className="text-sm text-accent">
            {status.state === "failed" ? `Failed: ${status.error}` : "Cancelled"}
          </span>
          {action("Retry", onRetry)}
        </div>
      );
  }
}

/**
 * The edit form needs the cast, which only the detail record carries; drafts included. Fetched afresh
 * each time the dialog opens, and the form waits for it: the form takes its values once, and the copy
 * cached from an earlier opening may predate a save or a bulk Publish / Unpublish.
 */
function EditMovie({ id, onSaved }: { id: string; onSaved: () => void }) {
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
  if (!movie || isValidating) return <Loading />;
  return <MovieForm movie={movie} draft={movie.draft} onSaved={onSaved} />;
}

function Loading() {
  return (
    <div className="flex justify-center py-16" role="status" aria-label="Loading">
      <Spinner className="size-10" />
    </div>
  );
}
