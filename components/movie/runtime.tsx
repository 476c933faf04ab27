import { movieRuntime } from "@/lib/media/runtime";

/**
 * A movie's runtime, the same everywhere it is shown (banner, cards, movie page, admin tables): the
 * probed length of its video where known, else the hours the admin typed (lib/media/runtime.ts).
 */
export function Runtime({ hour, durationSeconds }: { hour: number; durationSeconds: number | null }) {
  const runtime = movieRuntime(hour, durationSeconds);
  return <time dateTime={runtime.iso}>{runtime.text}</time>;
}
