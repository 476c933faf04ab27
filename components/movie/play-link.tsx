import { IntentLink } from "@/components/ui/intent-link";

/** The player, started at once: at the viewer's resume point when they stopped part-way (docs/media.md). */
export const playHref = (movieId: string) => `/watch/${movieId}?play=1`;

export function PlayIcon({ className = "size-5" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="currentColor">
      <path d="M7 4.5v15l13-7.5z" />
    </svg>
  );
}

/** What a card's action buttons (Play, My List, the heart) are given. */
export type MovieActionProps = { movieId: string; movieName: string; className?: string };

/** A card's Play: straight into the player, skipping the movie page. */
export function PlayLink({ movieId, movieName, className = "" }: MovieActionProps) {
  return (
    <IntentLink
      href={playHref(movieId)}
      aria-label={`Play ${movieName}`}
      title="Play"
      className={`flex size-10 shrink-0 items-center justify-center rounded-md bg-subMain text-white transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white ${className}`}
    >
      <PlayIcon className="ml-0.5 size-5" />
    </IntentLink>
  );
}
