"use client";
// The watch page's player: Vidstack's React player with its default video layout (play/pause,
// seek bar with buffered ranges, volume, speed, captions and quality menus, picture-in-picture,
// fullscreen, keyboard shortcuts, Media Session metadata), on hls.js for HLS streams. What it plays
// and from where is lib/client/use-stream-source.ts's, the saved position lib/client/use-progress-saving.ts's,
// the remembered volume, speed and captions lib/client/player-preferences.ts's.
import "@vidstack/react/player/styles/default/theme.css";
import "@vidstack/react/player/styles/default/layouts/video.css";
import { MediaPlayer, MediaProvider, Track, type MediaPlayerInstance } from "@vidstack/react";
import { DefaultVideoLayout, defaultLayoutIcons } from "@vidstack/react/player/layouts/default";
import { useEffect, useMemo, useRef, type ReactNode } from "react";
import {
  PLAYER_PREFERENCES_KEY,
  useDefaultSubtitle,
  usePreferencesStorage,
  type SubtitleTrack,
} from "@/lib/client/player-preferences";
import { useProgressSaving } from "@/lib/client/use-progress-saving";
import { useStreamSource } from "@/lib/client/use-stream-source";

export type { SubtitleTrack };

/** Arrow keys and the seek buttons move this many seconds. */
const SEEK_STEP = 10;

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
  const storage = usePreferencesStorage();
  const stream = useStreamSource(player, { video, hls, startAt, onFailed });
  const saveFinished = useProgressSaving(player, movieId, saveProgressEnabled);
  const defaultTrack = useDefaultSubtitle(subtitles);
  // Vidstack resolves the sprites a thumbnails track names against the track's URL only when that is
  // absolute; a path (as the pages pass it) made them resolve against the page: /watch/thumbs_001.jpg.
  const thumbnailsUrl = useMemo(
    () => (thumbnails ? new URL(thumbnails, document.baseURI).href : undefined),
    [thumbnails],
  );

  return (
    <MediaPlayer
      ref={player}
      // Vidstack names its preferences entry in localStorage after the player's id.
      id={PLAYER_PREFERENCES_KEY}
      className="aspect-video w-full overflow-hidden rounded-lg bg-black"
      title={name}
      artist="Marquee"
      artwork={[{ src: poster }]}
      poster={poster}
      src={stream.src}
      autoPlay
      playsInline
      storage={storage}
      keyTarget="document"
      onProviderChange={stream.onProviderChange}
      onLoadedMetadata={stream.onLoadedMetadata}
      onEnded={() => {
        saveFinished();
        onEnded?.();
      }}
      onPlay={onPlay}
      onError={stream.onError}
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
