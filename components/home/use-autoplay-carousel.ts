"use client";

import type { EmblaOptionsType } from "embla-carousel";
import Autoplay from "embla-carousel-autoplay";
import useEmblaCarousel from "embla-carousel-react";
import { useMemo } from "react";

/** An embla carousel that loops and advances on its own, except for people who ask for less motion. */
export function useAutoplayCarousel(options: EmblaOptionsType, delay: number) {
  const plugins = useMemo(() => {
    const reduced = typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    return reduced ? [] : [Autoplay({ delay, stopOnMouseEnter: true, stopOnFocusIn: true, stopOnInteraction: false })];
  }, [delay]);
  return useEmblaCarousel({ loop: true, ...options }, plugins);
}
