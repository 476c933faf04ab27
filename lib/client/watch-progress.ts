// The player's saves of where the viewer is (PUT /api/user/progress/{movieId}). Saves run in the
// background: a failed one is simply retried by the next (every 10 s, on pause), never a toast.
import { WATCHED_FROM } from "@/lib/validation/watch-thresholds";

export const CONTINUE_WATCHING_URL = "/api/user/progress";
export const progressUrl = (movieId: string) => `${CONTINUE_WATCHING_URL}/${movieId}`;

export type PlaybackPoint = { position: number; duration: number };

/** A point the API accepts: finite, not negative, never past the end. */
function toBody({ position, duration }: PlaybackPoint): string | null {
  if (!Number.isFinite(duration) || duration <= 0 || !Number.isFinite(position)) return null;
  return JSON.stringify({ position: Math.min(Math.max(position, 0), duration), duration });
}

export async function saveProgress(movieId: string, point: PlaybackPoint): Promise<void> {
  const body = toBody(point);
  if (!body) return;
  await fetch(progressUrl(movieId), {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body,
    credentials: "same-origin",
  }).catch(() => {});
}

/**
 * The last save as the page goes away. sendBeacon survives the unload and can only POST, so the API
 * takes POST as an alias of PUT; the body is a JSON Blob, so the request carries
 * `Content-Type: application/json` (and, like any POST, an Origin header) as the API's write rules want.
 */
export function saveProgressOnLeave(movieId: string, point: PlaybackPoint): void {
  const body = toBody(point);
  if (!body) return;
  const blob = new Blob([body], { type: "application/json" });
  if (typeof navigator.sendBeacon === "function" && navigator.sendBeacon(progressUrl(movieId), blob)) return;
  void fetch(progressUrl(movieId), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    keepalive: true,
    credentials: "same-origin",
  }).catch(() => {});
}

/** From 90% a movie counts as watched: it starts from the beginning again. */
const isWatched = ({ position, duration }: PlaybackPoint) => position >= duration * WATCHED_FROM;

/** Where to offer to resume: a saved point a few seconds in and not watched to the end. */
export const resumePoint = (saved: PlaybackPoint | null): number | null =>
  saved && saved.position >= MIN_RESUME_SECONDS && !isWatched(saved) ? saved.position : null;

/** Less than this from the start is not worth a question. */
const MIN_RESUME_SECONDS = 5;

/** 754 → "12:34"; 3754 → "1:02:34". */
export function formatPlaybackTime(seconds: number): string {
  const total = Math.floor(seconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}
