"use client";
// What the player shows when a film ends: the next suggestion (GET /api/movie/{id}/next, chosen by
// lib/data/up-next.ts) and, with autoplay on, a 10-second countdown to it that Cancel stops.
import { IntentLink } from "@/components/ui/intent-link";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState } from "react";
import { useUpNext } from "@/lib/client/hooks";
import { useAutoplayNext } from "@/lib/client/preferences";
import type { UpNext as Suggestion } from "@/lib/data/up-next";
import { PlayIcon, playHref } from "./play-link";
import { Poster } from "@/components/ui/poster";

const UP_NEXT_COUNTDOWN_SECONDS = 10;

const REASONS: Record<NonNullable<Suggestion["reason"]>, string> = {
  "my-list": "Next in My List",
  category: "More like this",
  "top-rated": "Top rated",
};

const button =
  "flex h-10 items-center gap-2 rounded-md px-4 text-sm font-semibold text-white transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** Over the ended film (inside the player, so it shows in fullscreen too); `onClose` hides it. */
export function UpNext({ movieId, onClose }: { movieId: string; onClose: () => void }) {
  const router = useRouter();
  const { data } = useUpNext(movieId);
  const { autoplayNext } = useAutoplayNext();
  const [remaining, setRemaining] = useState(UP_NEXT_COUNTDOWN_SECONDS);
  const next = data?.movie ?? null;
  const counting = next !== null && autoplayNext === true;
  const firstButton = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!counting) return;
    const timer = window.setInterval(() => setRemaining((seconds) => Math.max(0, seconds - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [counting]);
  useEffect(() => {
    if (counting && remaining === 0) router.push(playHref(next._id));
  }, [counting, remaining, next, router]);
  // Keyboard users land on the choice at once: Cancel while counting, else Play now.
  useEffect(() => {
    if (next) firstButton.current?.focus({ preventScroll: true });
  }, [next, counting]);

  if (!next) return null;
  const reason = data?.reason ? REASONS[data.reason] : "Up next";
  return (
    <section
      aria-label="Up next"
      className="absolute inset-0 z-20 flex items-center justify-center bg-black/80 p-3 text-white sm:p-6"
    >
      <div className="flex w-full max-w-lg items-center gap-4">
        <Poster src={next.image} width={120} sizes="120px" className="hidden w-24 shrink-0 rounded-md sm:block" />
        <div className="flex min-w-0 flex-col gap-1.5 sm:gap-2">
          <p className="text-xs font-semibold tracking-wide text-accent uppercase">Up next · {reason}</p>
          <h2 className="truncate text-base font-bold sm:text-xl">{next.name}</h2>
          {counting && (
            <>
              <p aria-hidden="true" className="text-sm text-dryGray">
                Playing in {remaining} s
              </p>
              {/* Said once, not every second. */}
              <p role="status" className="sr-only">
                {`Up next: ${next.name}. Playing in ${UP_NEXT_COUNTDOWN_SECONDS} seconds.`}
              </p>
            </>
          )}
          <div className="mt-1 flex flex-wrap gap-2">
            {counting ? (
              <>
                <button
                  ref={(element) => {
                    firstButton.current = element;
                  }}
                  type="button"
                  onClick={onClose}
                  className={`${button} border border-white/70 bg-main/80 hover:bg-main`}
                >
                  Cancel
                </button>
                <IntentLink href={playHref(next._id)} className={`${button} bg-subMain hover:bg-subMain/85`}>
                  <PlayIcon className="size-4" />
                  Play now
                </IntentLink>
              </>
            ) : (
              <>
                <IntentLink
                  ref={(element) => {
                    firstButton.current = element;
                  }}
                  href={playHref(next._id)}
                  className={`${button} bg-subMain hover:bg-subMain/85`}
                >
                  <PlayIcon className="size-4" />
                  Play now
                </IntentLink>
                <button
                  type="button"
                  onClick={onClose}
                  className={`${button} border border-white/70 bg-main/80 hover:bg-main`}
                >
                  Close
                </button>
              </>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
