"use client";

import { useViewer } from "@/lib/client/viewer";
import { useContinueWatching } from "@/lib/client/hooks";

/**
 * A thin bar along the bottom of a movie card showing how much of it the viewer has watched, for
 * the movies of their Continue watching row. One request per page (SWR shares it between cards),
 * and none for visitors.
 */
export function WatchProgressBar({ movieId, movieName }: { movieId: string; movieName: string }) {
  const viewer = useViewer();
  const { data } = useContinueWatching(Boolean(viewer)); // undefined while the session is looked up: ask nothing yet;
  const progress = data?.find((item) => item._id === movieId)?.progress;
  if (!progress) return null;
  const percent = Math.round((progress.position / progress.duration) * 100);
  return (
    <div
      role="progressbar"
      aria-label={`${movieName}: watched`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={`${percent}% watched`}
      className="pointer-events-none absolute inset-x-0 bottom-0 h-1 bg-white/25"
    >
      <div className="h-full bg-subMain" style={{ width: `${percent}%` }} />
    </div>
  );
}
