"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { StoredImage } from "@/components/ui/stored-image";
import { formatPlaybackTime } from "@/lib/client/watch-progress";
import { PlayIcon } from "./play-link";
import { UpNext } from "./up-next";
import type { SubtitleTrack } from "./video-player";

const WATCH_ERROR = "Something went wrong. Please try again";
const RETRY_PLAYING = "Retry";

// The player's code (Vidstack, and hls.js when a stream needs it) loads when the viewer presses
// Play, so the watch page itself stays light.
const VideoPlayer = dynamic(() => import("./video-player"), {
  ssr: false,
  loading: () => <div className="aspect-video w-full rounded-lg bg-black" aria-busy="true" />,
});

type Props = {
  movieId: string;
  video: string;
  hls?: string | null;
  /** The seek-preview thumbnails track, with `hls`. */
  thumbnails?: string | null;
  poster: string;
  name: string;
  subtitles: SubtitleTrack[];
  /** Where the viewer stopped last time, when worth offering to resume (lib/client/watch-progress resumePoint). */
  resumeAt: number | null;
  /** Skip the poster: play at once, from `resumeAt` when there is one (/watch/{id}?play=1). */
  playAtOnce?: boolean;
  signedIn: boolean;
};

const overlayButton =
  "flex items-center gap-2 rounded-full px-6 py-3 font-semibold text-white shadow-xl transition focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white";

/**
 * The poster with a play button; pressing it swaps in the player. When the viewer stopped part-way
 * last time, the poster asks instead: "Resume from 12:34" or "Start over". When the film ends, the
 * next suggestion shows over it (UpNext).
 */
export function Player({
  movieId,
  video,
  hls,
  thumbnails,
  poster,
  name,
  subtitles,
  resumeAt,
  playAtOnce = false,
  signedIn,
}: Props) {
  const [state, setState] = useState<"poster" | "playing" | "failed">(playAtOnce ? "playing" : "poster");
  const [startAt, setStartAt] = useState(playAtOnce ? (resumeAt ?? 0) : 0);
  const [ended, setEnded] = useState(false);
  // A new player for each try: a retry starts from a clean slate (the HLS stream first again).
  const [attempt, setAttempt] = useState(0);
  // When the HLS stream fails, a new player takes the MP4 from the same moment (Vidstack, told to
  // switch sources after an HLS error, never loads the next one); only an MP4 that fails too ends
  // in the error and its Retry.
  const [hlsFailedAt, setHlsFailedAt] = useState<number | null>(null);
  const streaming = Boolean(hls) && hlsFailedAt === null;
  const play = (from: number) => {
    setStartAt(from);
    setState("playing");
  };

  if (state === "failed") {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-4 rounded-lg border border-border/40 bg-dry px-6 text-center">
        <p role="alert" className="text-lg">
          {WATCH_ERROR}
        </p>
        <button
          type="button"
          onClick={() => {
            setAttempt((count) => count + 1);
            setHlsFailedAt(null);
            setState("playing");
          }}
          className={`${overlayButton} bg-subMain hover:bg-subMain/85`}
        >
          {RETRY_PLAYING}
        </button>
      </div>
    );
  }
  if (state === "playing") {
    return (
      <VideoPlayer
        key={`${attempt}-${streaming ? "hls" : "mp4"}`}
        movieId={movieId}
        name={name}
        poster={poster}
        video={video}
        hls={streaming ? hls : null}
        thumbnails={thumbnails}
        subtitles={subtitles}
        startAt={hlsFailedAt ?? startAt}
        saveProgressEnabled={signedIn}
        onFailed={(at) => (streaming ? setHlsFailedAt(at) : setState("failed"))}
        onEnded={() => setEnded(true)}
        onPlay={() => setEnded(false)}
      >
        {ended && <UpNext movieId={movieId} onClose={() => setEnded(false)} />}
      </VideoPlayer>
    );
  }
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-dry">
      <StoredImage
        src={poster}
        alt=""
        fill
        sizes="(min-width: 1280px) 1280px, 100vw"
        className="object-cover opacity-60"
      />
      {resumeAt === null ? (
        <button
          type="button"
          aria-label="Play"
          onClick={() => play(0)}
          className="absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-subMain text-white shadow-xl transition hover:scale-110 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white"
        >
          <PlayIcon className="ml-1 size-9" />
        </button>
      ) : (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 sm:flex-row">
          <button
            type="button"
            onClick={() => play(resumeAt)}
            className={`${overlayButton} bg-subMain hover:bg-subMain/85`}
          >
            <PlayIcon className="size-5" />
            Resume from {formatPlaybackTime(resumeAt)}
          </button>
          <button
            type="button"
            onClick={() => play(0)}
            className={`${overlayButton} border border-white/70 bg-main/80 hover:bg-main`}
          >
            Start over
          </button>
        </div>
      )}
    </div>
  );
}
