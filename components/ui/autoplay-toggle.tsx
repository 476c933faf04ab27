"use client";

/** Pause/Play for a self-moving carousel (WCAG 2.2.2); nothing to show when autoplay is off. */
export function AutoplayToggle({
  autoplay,
  className = "",
}: {
  autoplay: { available: boolean; paused: boolean; togglePaused: () => void };
  className?: string;
}) {
  if (!autoplay.available) return null;
  return (
    <button
      type="button"
      onClick={autoplay.togglePaused}
      aria-label={autoplay.paused ? "Play slideshow" : "Pause slideshow"}
      className={`flex size-10 items-center justify-center rounded-md text-white transition hover:bg-subMain focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="currentColor">
        {autoplay.paused ? <path d="M7 4.5v15l13-7.5z" /> : <path d="M6 4h4v16H6zM14 4h4v16h-4z" />}
      </svg>
    </button>
  );
}
