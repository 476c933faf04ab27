"use client";
// What the watch page's player plays (components/movie/video-player.tsx): the HLS stream on hls.js
// with the MP4 as its fallback, started where the viewer resumes, and the failure of either reported
// with the moment to pick up from (components/movie/player.tsx then plays the MP4 alone).
import { isHLSProvider, type MediaPlayerInstance, type MediaProviderAdapter, type PlayerSrc } from "@vidstack/react";
import { useEffect, useEffectEvent, useMemo, useState, type RefObject } from "react";

type StreamOptions = {
  video: string;
  /** The HLS master playlist, once the movie has one. */
  hls?: string | null;
  /** Where playback starts, in seconds. */
  startAt: number;
  onFailed: (at: number) => void;
};

/** The player's `src`, and the handlers that start it at `startAt` and report failures. */
export function useStreamSource(
  player: RefObject<MediaPlayerInstance | null>,
  { video, hls, startAt, onFailed }: StreamOptions,
) {
  // An MP4 that cannot be loaded: Vidstack gives the <video> a typed <source>, whose failure the
  // browser reports on that <source> alone (the video element fires no error, so neither does the
  // player). Caught on its way down to it. With HLS, hls.js reports through the player instead.
  const mp4Failed = useEffectEvent(() => onFailed(startAt));
  useEffect(() => {
    const element = player.current?.el;
    if (hls || !element) return;
    const onSourceError = (event: Event) => {
      if (event.target instanceof HTMLSourceElement) mp4Failed();
    };
    element.addEventListener("error", onSourceError, true);
    return () => element.removeEventListener("error", onSourceError, true);
  }, [player, hls]);
  // The HLS stream first, the MP4 when the browser cannot play HLS at all. When the stream fails
  // later (playlist or segments unreachable), Player puts in a new player for the MP4 alone.
  const source = useMemo<PlayerSrc>(
    () =>
      hls
        ? [
            { src: hls, type: "application/x-mpegurl" },
            { src: video, type: "video/mp4" },
          ]
        : { src: video, type: "video/mp4" },
    [hls, video],
  );
  // Chromium now answers "maybe" for HLS and plays a playlist it finds in a <source> itself; hls.js,
  // attaching a moment later, then loads the stream again, and that reload of the element dropped the
  // speed and the resume point applied to the first load. Vidstack puts the sources in <source>
  // children on its first render (for pages it renders on the server): here the source arrives after
  // that render, so the provider alone loads it. (onProviderChange closes the provider's own way in.)
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the second render is the point
  useEffect(() => setMounted(true), []);

  const onProviderChange = (provider: MediaProviderAdapter | null) => {
    if (!isHLSProvider(provider)) return;
    // hls.js from our own bundle, not Vidstack's default CDN download.
    provider.library = () => import("hls.js");
    // hls.js starts with the segment where the viewer resumes. A seek once the metadata is in, as for
    // the MP4, can land past what the stream's MediaSource has measured so far (its first segment):
    // the element ends there, and Up next showed six seconds into a film.
    if (startAt > 0) provider.config = { startPosition: startAt };
    // Vidstack also gives the <video> the playlist as a <source> (for AirPlay), before hls.js has
    // loaded: Chromium would play that itself first (see `mounted` above). The <source> waits for
    // hls.js; once hls.js has attached, the element plays from it alone and the <source> serves AirPlay.
    const appendSource = provider["appendSource"].bind(provider);
    provider["appendSource"] = (...args: Parameters<typeof appendSource>) => {
      if (provider.instance) appendSource(...args);
    };
  };

  return {
    src: mounted ? source : undefined,
    onProviderChange,
    /** The MP4 resumes by a seek once its metadata is in (hls.js starts there itself). */
    onLoadedMetadata: () => {
      const media = player.current;
      // eslint-disable-next-line react-hooks/immutability -- Vidstack's player, not React state: seeking it is the point
      if (startAt > 0 && media && !isHLSProvider(media.provider)) media.currentTime = startAt;
    },
    /** Where to pick up: the film's moment if it had started, else where this player was to start. */
    onError: () => onFailed(player.current?.state.canPlay ? player.current.currentTime : startAt),
  };
}
