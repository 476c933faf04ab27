"use client";

import { Runtime } from "@/components/movie/runtime";
import { Thumbnail, cellClass } from "@/components/ui/data-table";
import type { AdminMovieItem } from "@/lib/data/admin-movies";
import type { AdminMovieSort } from "@/lib/validation/admin-movie";
import { EditDeleteActions } from "./list-kit";
import { SelectCell, type RowSelectProps } from "./list-selection";
import { VideoState, type TranscodeControls } from "./video-state";

/** Each sort's name: the column heads' and the phone's Sort by select's ("Added" has no column). */
export const MOVIE_SORT_LABELS: Record<AdminMovieSort, string> = {
  created: "Added",
  name: "Name",
  category: "Category",
  language: "Language",
  year: "Year",
  hour: "Runtime",
  media: "Video",
};

/** The sortable columns, in the row's order. */
export const MOVIE_COLUMNS = (Object.keys(MOVIE_SORT_LABELS) as AdminMovieSort[])
  .filter((sort) => sort !== "created")
  .map((sort) => ({ sort, label: MOVIE_SORT_LABELS[sort] }));

const Missing = () => <span className="text-text/70">—</span>;

/** One movie of the admin list: its selection box, thumbnail, columns, video state and actions. */
export function MovieRow({
  movie,
  selected,
  onToggle,
  transcoding,
  onEdit,
  onDelete,
}: RowSelectProps & {
  movie: AdminMovieItem;
  transcoding: TranscodeControls;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <tr>
      <SelectCell name={movie.name} selected={selected} onToggle={onToggle} />
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
        <VideoState movie={movie} transcoding={transcoding} />
      </td>
      <td className={cellClass}>
        <EditDeleteActions name={movie.name} onEdit={onEdit} onDelete={onDelete} />
      </td>
    </tr>
  );
}
