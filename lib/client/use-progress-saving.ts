"use client";
// Where a signed-in viewer is in a film, saved while they watch (components/movie/video-player.tsx):
// every few seconds of playback, on pause, on leaving the page and at the end. The watch page offers
// to resume from it, on any device.
import type { MediaPlayerInstance } from "@vidstack/react";
import { useEffect, type RefObject } from "react";
import { saveProgress, saveProgressOnLeave, type PlaybackPoint } from "./watch-progress";

const SAVE_EVERY_MS = 10_000;

/**
 * Saves the player's position while `enabled` (visitors have nowhere to save it). Returns what the
 * player calls when the film ends: the position is then the whole film.
 */
export function useProgressSaving(player: RefObject<MediaPlayerInstance | null>, movieId: string, enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
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
  }, [player, movieId, enabled]);

  return function saveFinished() {
    const media = player.current;
    if (enabled && media)
      void saveProgress(movieId, { position: media.state.duration, duration: media.state.duration });
  };
}
