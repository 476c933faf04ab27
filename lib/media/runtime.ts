// A movie's runtime, the one format every page shows it in (cards, banner, movie page, admin tables,
// statistics): "1h 52m", "45m" under an hour, "12s" only for a clip under a minute. The measured
// length of the video (probed by the transcode) wins over the whole hours the admin typed, which
// are shown as "2h" until then, in the same style, so a film's runtime never changes its format.

type Runtime = { text: string; iso: string };

/** 6725 s -> "1h 52m" (PT1H52M5S); 2700 -> "45m"; 12 -> "12s"; unknown -> the typed hours, "2h" (PT2H). */
export function movieRuntime(hour: number, durationSeconds: number | null): Runtime {
  if (durationSeconds === null || durationSeconds <= 0) return { text: `${hour}h`, iso: `PT${hour}H` };
  const total = Math.round(durationSeconds);
  return { text: runtimeText(total), iso: isoDuration(total) };
}

/** Whole minutes, rounded as film listings round them; seconds only when there is no whole minute. */
function runtimeText(totalSeconds: number): string {
  if (totalSeconds < 60) return `${totalSeconds}s`;
  const totalMinutes = Math.round(totalSeconds / 60);
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (!hours) return `${minutes}m`;
  return minutes ? `${hours}h ${minutes}m` : `${hours}h`;
}

/** The exact length for machines (the <time> element, schema.org): PT1H52M5S. */
function isoDuration(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${seconds || totalSeconds === 0 ? `${seconds}S` : ""}`;
}
