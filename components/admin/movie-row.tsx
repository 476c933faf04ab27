"use client";

import { Runtime } from "@/components/movie/runtime";
import { Thumbnail, cellClass } from "@/components/ui/data-table";
import type { AdminMovieItem } from "@/lib/data/admin-movies";
import type { AdminMovieSort } from "@/lib/validation/admin-movie";
import { EditDeleteActions, SelectBox } from "./list-kit";
import { VideoState } from "./video-state";

/** The sortable columns, in the row's order. */
export const MOVIE_COLUMNS: { sort: AdminMovieSort; label: string }[] = [
  { sort: "name", label: "Name" },
  { sort: "category", label: "Category" },
  { sort: "language", label: "Language" },
  { sort: "year", label: "Year" },
  { sort: "hour", label: "Runtime" },
  { sort: "media", label: "Video" },
];

const Missing = () => <span className="text-text/70">—</span>;

/** One movie of the admin list: its selection box, thumbnail, columns, video state and actions. */
export function MovieRow({
  movie,
  selected,
  onToggle,
  transcoding,
  onEdit,
  onDelete,
}: {
  movie: AdminMovieItem;
  selected: boolean;
  onToggle: () => void;
  /** The video's Retry and Cancel, busy while one of them is under way. */
  transcoding: { busy: boolean; retry: () => void; cancel: () => void };
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <tr>
      <td className={cellClass}>
        <SelectBox label={`Select ${movie.name}`} checked={selected} onChange={onToggle} />
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
        <VideoState movie={movie} onRetry={transcoding.retry} onCancel={transcoding.cancel} busy={transcoding.busy} />
      </td>
      <td className={cellClass}>
        <EditDeleteActions name={movie.name} onEdit={onEdit} onDelete={onDelete} />
      </td>
    </tr>
  );
}
