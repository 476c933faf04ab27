"use client";

import { Button } from "@/components/ui/button";
import type { AdminMovieItem } from "@/lib/data/admin-movies";

/** The video's Retry and Cancel, busy while one of them is under way. */
export type TranscodeControls = { busy: boolean; retry: () => void; cancel: () => void };

/** A movie's video: queued or transcoding N% (with Cancel), ready, failed or cancelled with the reason and Retry, or none. */
export function VideoState({ movie, transcoding }: { movie: AdminMovieItem; transcoding: TranscodeControls }) {
  const { busy, retry, cancel } = transcoding;
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
          {action("Cancel", cancel)}
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
          {action("Retry", retry)}
        </div>
      );
  }
}
