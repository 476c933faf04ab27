// A movie's runtime as its page shows it. The admin types `hour` (the original "2 Hr"); once the
// transcode has probed the video, its real length replaces it, in the same style.

type Runtime = { text: string; iso: string };

/** 6125 s -> "1 Hr 42 Min" (PT1H42M5S); 600 -> "10 Min"; 10 -> "10 Sec"; unknown -> the typed hours. */
export function movieRuntime(hour: number, durationSeconds: number | null): Runtime {
  if (durationSeconds === null || durationSeconds <= 0) return { text: `${hour} Hr`, iso: `PT${hour}H` };
  const total = Math.round(durationSeconds);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const text =
    total < 60 ? `${seconds} Sec` : [hours && `${hours} Hr`, minutes && `${minutes} Min`].filter(Boolean).join(" ");
  const iso = `PT${hours ? `${hours}H` : ""}${minutes ? `${minutes}M` : ""}${seconds || total === 0 ? `${seconds}S` : ""}`;
  return { text, iso };
}
