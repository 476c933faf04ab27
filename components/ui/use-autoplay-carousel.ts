"use client";

import type { EmblaCarouselType, EmblaOptionsType } from "embla-carousel";
import { useEffect, useState, useSyncExternalStore } from "react";

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
 *
 * embla and its autoplay plugin (9 kB) are loaded once the carousel has mounted and comes near the
 * screen, not among the scripts the HTML lists: they no longer stand ahead of the first paint and
 * hydration, and until they arrive the slides stand still on the first one (docs/performance.md).
 * The viewport is a callback ref.
 */
export function useAutoplayCarousel(options: EmblaOptionsType, delay: number) {
  // false on the server and during hydration, the visitor's setting right after.
  const reducedMotion = useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia(REDUCED_MOTION).matches,
    () => false,
  );
  const [viewport, setViewport] = useState<HTMLElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType>();
  // The options are a literal at each call: compared by value, so a render does not restart embla.
  const optionsKey = JSON.stringify(options);
  useEffect(() => {
    if (!viewport) return;
    let carousel: EmblaCarouselType | undefined;
    let start: ReturnType<typeof setTimeout> | undefined;
    let unmounted = false;
    const startCarousel = async () => {
      const [{ default: EmblaCarousel }, { default: Autoplay }] = await Promise.all([
        import("embla-carousel"),
        import("embla-carousel-autoplay"),
      ]);
      if (unmounted) return;
      // Each carousel starts in a task of its own: embla measures every slide as it starts, and the
      // home page's carousels starting in the one task their import resolved in made a long task a
      // phone's taps would wait behind.
      start = setTimeout(() => {
        const plugins = reducedMotion
          ? []
          : [
              Autoplay({
                delay,
                playOnInit: false,
                stopOnMouseEnter: false,
                stopOnFocusIn: false,
                stopOnInteraction: false,
              }),
            ];
        const settings = JSON.parse(optionsKey) as EmblaOptionsType;
        carousel = EmblaCarousel(viewport, { loop: true, ...settings }, plugins);
        setEmbla(carousel);
      });
    };
    // Started as it comes within half a screen of view: a carousel far below the fold (Top rate, at
    // the bottom of the home page) costs the loading page nothing, and is running before it is seen.
    const nearView = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        nearView.disconnect();
        void startCarousel();
      },
      { rootMargin: "50% 0px" },
    );
    nearView.observe(viewport);
    return () => {
      unmounted = true;
      nearView.disconnect();
      clearTimeout(start);
      carousel?.destroy();
      setEmbla(undefined);
    };
  }, [viewport, optionsKey, delay, reducedMotion]);
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
  return [setViewport, embla, autoplay] as const;
}
