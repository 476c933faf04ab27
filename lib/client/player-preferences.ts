"use client";
// What the watch page's player remembers on this device (components/movie/video-player.tsx): Vidstack
// keeps volume, mute, speed, captions on/off and their language in localStorage; the playback
// position is left to the server (lib/client/use-progress-saving.ts).
import { LocalMediaStorage } from "@vidstack/react";
import { useMemo } from "react";

export type SubtitleTrack = { language: string; label: string; url: string };

/** The localStorage key under which Vidstack keeps the preferences: it names the entry after the player's id. */
export const PLAYER_PREFERENCES_KEY = "marquee-player";

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

/** One storage for the player's lifetime. */
export const usePreferencesStorage = () => useMemo(() => new PreferencesStorage(), []);

/** True when the viewer last left captions on (Vidstack stores `captions` in its preferences). */
function captionsWereOn(): boolean {
  try {
    return (
      (JSON.parse(localStorage.getItem(PLAYER_PREFERENCES_KEY) ?? "{}") as { captions?: unknown }).captions === true
    );
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

/**
 * The track to turn on at once: a viewer who had captions on gets them again, in their browser's
 * language when the movie has it (Vidstack prefers the language they picked last, when this movie has
 * that one). Undefined leaves captions off.
 */
export const useDefaultSubtitle = (subtitles: SubtitleTrack[]) =>
  useMemo(() => (captionsWereOn() ? trackForBrowserLanguage(subtitles) : undefined), [subtitles]);
