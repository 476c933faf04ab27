"use client";

import { useState } from "react";
import { StoredImage } from "@/components/ui/stored-image";

export const WATCH_ERROR = "Something went wrong. Please try again";

/** The poster with a play button; pressing it swaps in the video (Range requests make seeking instant). */
export function Player({ video, poster, name }: { video: string; poster: string; name: string }) {
  const [state, setState] = useState<"poster" | "playing" | "failed">("poster");
  if (state === "failed") {
    return (
      <p role="alert" className="flex aspect-video w-full items-center justify-center rounded-lg border border-border/40 bg-dry px-6 text-center text-lg">
        {WATCH_ERROR}
      </p>
    );
  }
  if (state === "playing") {
    return (
      <video
        src={video}
        poster={poster}
        controls
        autoPlay
        playsInline
        preload="metadata"
        aria-label={name}
        onError={() => setState("failed")}
        className="aspect-video w-full rounded-lg bg-black"
      />
    );
  }
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-lg bg-dry">
      <StoredImage src={poster} alt="" fill sizes="(min-width: 1280px) 1280px, 100vw" className="object-cover opacity-60" />
      <button
        type="button"
        aria-label="Play"
        onClick={() => setState("playing")}
        className="absolute inset-0 m-auto flex size-20 items-center justify-center rounded-full bg-subMain text-white shadow-xl transition hover:scale-110 focus-visible:outline-4 focus-visible:outline-offset-4 focus-visible:outline-white"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="ml-1 size-9" fill="currentColor">
          <path d="M7 4.5v15l13-7.5z" />
        </svg>
      </button>
    </div>
  );
}
