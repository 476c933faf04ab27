"use client";
// The watch page's player: Vidstack's React player with its default video layout (play/pause,
// seek bar with buffered ranges, volume, speed, captions and quality menus, picture-in-picture,
// fullscreen, keyboard shortcuts, Media Session metadata), on hls.js for HLS streams.
import "@vidstack/react/player/styles/default/theme.css";
import "@vidstack/react/player/styles/default/layouts/video.css";
import {
  LocalMediaStorage,
  MediaPlayer,
  MediaProvider,
  Track,
  isHLSProvider,
  type MediaPlayerInstance,
  type MediaProviderAdapter,
  type PlayerSrc,
} from "@vidstack/react";
import { DefaultVideoLayout, defaultLayoutIcons } from "@vidstack/react/player/layouts/default";
import { useEffect, useEffectEvent, useMemo, useRef, useState, type ReactNode } from "react";
import { saveProgress, saveProgressOnLeave, type PlaybackPoint } from "@/lib/client/watch-progress";

export type SubtitleTrack = { language: string; label: string; url: string };

/** The localStorage key under which Vidstack keeps volume, mute, speed, captions on/off and language. */
const PREFERENCES_KEY = "marquee-player";
const SAVE_EVERY_MS = 10_000;
/** Arrow keys and the seek buttons move this many seconds. */
const SEEK_STEP = 10;

/**
 * Vidstack's own storage, minus the playback position: where to resume is the server's business
 * (it follows the viewer across devices, and the watch page asks before resuming).
 */
class PreferencesStorage extends LocalMediaStorage {
  override getTime() {
    return Promise.resolve(null);
  }
  override async setTime() {}
}

/** True when the viewer last left captions on (Vidstack stores `captions` in its preferences). */
function captionsWereOn(): boolean {
  try {
    return (JSON.parse(localStorage.getItem(PREFERENCES_KEY) ?? "{}") as { captions?: unknown }).captions === true;
  } catch {
    return false;
  }
}

/** The track in the browser's language: an exact tag first ("pt-BR"), then the same language ("pt"). */
function trackForBrowserLanguage(tracks: SubtitleTrack[]): SubtitleTrack | undefined {
  const primary = (tag: string) => tag.toLowerCase().split("-")[0];
  for (const wanted of navigator.languages ?? [navigator.language]) {
    const exact = tracks.find((track) => track.language.toLowerCase() === wanted.toLowerCase());
    const sameLanguage = tracks.find((track) => primary(track.language) === primary(wanted));
    if (exact ?? sameLanguage) return exact ?? sameLanguage;
  }
  return undefined;
}

type Props = {
  movieId: string;
  name: string;
  poster: string;
  video: string;
  /** The HLS master playlist, once the movie has one; the MP4 stays the fallback. */
  hls?: string | null;
  /** Seek-preview thumbnails (WebVTT with sprite tiles), shown over the time slider while scrubbing. */
  thumbnails?: string | null;
  subtitles: SubtitleTrack[];
  /** Where playback starts, in seconds. */
  startAt: number;
  /** Signed-in viewers' positions are saved; visitors have nowhere to save them. */
  saveProgressEnabled: boolean;
  /** The source failed (the HLS stream, or the MP4), at this moment of the film. */
  onFailed: (at: number) => void;
  /** The film reached its end (the up-next suggestion shows), and playback started again. */
  onEnded?: () => void;
  onPlay?: () => void;
  /** Shown over the video, inside the player (so in fullscreen too). */
  children?: ReactNode;
};

export default function VideoPlayer({
  movieId,
  name,
  poster,
  video,
  hls,
  thumbnails,
  subtitles,
  startAt,
  saveProgressEnabled,
  onFailed,
  onEnded,
  onPlay,
  children,
}: Props) {
  const player = useRef<MediaPlayerInstance>(null);
  // The Play button that opened the player is gone: keyboard focus moves to the player, whose
  // shortcuts (Space, K, F, M, C, arrows) then act at once.
  useEffect(() => {
    const element = player.current?.el;
    if (!element) return;
    if (!element.hasAttribute("tabindex")) element.tabIndex = -1;
    element.focus({ preventScroll: true });
  }, []);
  const storage = useMemo(() => new PreferencesStorage(), []);
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
  }, [hls]);
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
  // Vidstack resolves the sprites a thumbnails track names against the track's URL only when that is
  // absolute; a path (as the pages pass it) made them resolve against the page: /watch/thumbs_001.jpg.
  const thumbnailsUrl = useMemo(
    () => (thumbnails ? new URL(thumbnails, document.baseURI).href : undefined),
    [thumbnails],
  );
  // A viewer who had captions on gets them again, in their browser's language when the movie has it
  // (Vidstack prefers the language they picked last, when this movie has that one).
  const defaultTrack = useMemo(() => (captionsWereOn() ? trackForBrowserLanguage(subtitles) : undefined), [subtitles]);

  useEffect(() => {
    if (!saveProgressEnabled) return;
    const current = (): PlaybackPoint | null => {
      const media = player.current;
      if (!media || !media.state.canPlay) return null;
      return { position: media.currentTime, duration: media.state.duration };
    };
    let lastSaved = -1;
    const saveNow = () => {
      const point = current();
      if (!point || point.position === lastSaved) return;
      lastSaved = point.position;
      void saveProgress(movieId, point);
    };
    const timer = window.setInterval(() => {
      if (player.current && !player.current.paused) saveNow();
    }, SAVE_EVERY_MS);
    const unsubscribePaused = player.current?.subscribe(({ paused, started }) => {
      if (paused && started) saveNow();
    });
    const leave = () => {
      const point = current();
      if (point) saveProgressOnLeave(movieId, point);
    };
    // pagehide covers closing the tab, reloading and leaving the site; unmounting covers leaving
    // for another page of the app.
    window.addEventListener("pagehide", leave);
    return () => {
      window.clearInterval(timer);
      unsubscribePaused?.();
      window.removeEventListener("pagehide", leave);
      leave();
    };
  }, [movieId, saveProgressEnabled]);

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

  return (
    <MediaPlayer
      ref={player}
      // Vidstack names its preferences entry in localStorage after the player's id.
      id={PREFERENCES_KEY}
      className="aspect-video w-full overflow-hidden rounded-lg bg-black"
      title={name}
      artist="Marquee"
      artwork={[{ src: poster }]}
      poster={poster}
      src={mounted ? source : undefined}
      autoPlay
      playsInline
      storage={storage}
      keyTarget="document"
      onProviderChange={onProviderChange}
      onLoadedMetadata={() => {
        const media = player.current;
        if (startAt > 0 && media && !isHLSProvider(media.provider)) media.currentTime = startAt;
      }}
      onEnded={() => {
        const media = player.current;
        if (saveProgressEnabled && media)
          void saveProgress(movieId, { position: media.state.duration, duration: media.state.duration });
        onEnded?.();
      }}
      onPlay={onPlay}
      // Where to pick up: the film's moment if it had started, else where this player was to start.
      onError={() => onFailed(player.current?.state.canPlay ? player.current.currentTime : startAt)}
    >
      <MediaProvider>
        {subtitles.map((track) => (
          <Track
            key={track.url}
            src={track.url}
            kind="subtitles"
            label={track.label}
            language={track.language}
            type="vtt"
            default={track === defaultTrack}
          />
        ))}
      </MediaProvider>
      <DefaultVideoLayout icons={defaultLayoutIcons} seekStep={SEEK_STEP} thumbnails={thumbnailsUrl} />
      {children}
    </MediaPlayer>
  );
}
