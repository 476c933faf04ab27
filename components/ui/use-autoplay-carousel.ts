"use client";

import type { EmblaOptionsType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useMemo, useState, useSyncExternalStore } from "react";

const REDUCED_MOTION = "(prefers-reduced-motion: reduce)";
const subscribeReducedMotion = (onChange: () => void) => {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
};

/**
 * An embla carousel that loops and advances on its own, except for people who ask for less motion.
 * It holds still while the pointer or keyboard focus is inside it, and for as long as the visitor
 * has paused it (WCAG 2.2.2): the plugin's own stop-on-focus restarts on focusout even after a pause,
 * so the hook decides when it runs.
 */
export function useAutoplayCarousel(options: EmblaOptionsType, delay: number) {
  // false on the server and during hydration, the visitor's setting right after.
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
  const plugins = useMemo(
    () =>
      reducedMotion
        ? []
        : [
            Autoplay({
              delay,
              playOnInit: false,
              stopOnMouseEnter: false,
              stopOnFocusIn: false,
              stopOnInteraction: false,
            }),
          ],
    [delay, reducedMotion],
  );
  const [viewport, embla] = useEmblaCarousel({ loop: true, ...options }, plugins);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const rotating = !reducedMotion && !paused && !hovered && !focused;

  useEffect(() => {
    const autoplay = embla?.plugins().autoplay;
    if (!autoplay) return;
    // A carousel whose slides all fit has one snap: the plugin never initialised, and play() would throw.
    if (rotating && embla.scrollSnapList().length > 1) autoplay.play();
    else autoplay.stop();
  }, [embla, rotating]);

  /** Spread on the element around the slides and the controls. */
  const rootProps = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: React.FocusEvent) => {
      if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
    },
  };
  const autoplay = {
    available: !reducedMotion,
    paused,
    rotating,
    togglePaused: () => setPaused((value) => !value),
    rootProps,
  };
  return [viewport, embla, autoplay] as const;
}
