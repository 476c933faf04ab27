"use client";

import { Children } from "react";
import { AutoplayToggle } from "@/components/ui/autoplay-toggle";
import { useAutoplayCarousel } from "@/components/ui/use-autoplay-carousel";

/**
 * The banner's moving frame: a vertical slide every 4 s (about 1 s each); a pause/play control stops
 * the rotation for good; focus or the pointer inside stop it meanwhile. The slides are the server's
 * children (./banner.tsx), so the carousel starting or stopping re-renders only this frame.
 */
export function BannerCarousel({ children }: { children: React.ReactNode }) {
  const [viewport, , autoplay] = useAutoplayCarousel({ axis: "y", duration: 40 }, 4000);
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured movies"
      className="relative h-64 overflow-hidden rounded-lg bg-dry sm:h-80 lg:h-[28rem]"
      {...autoplay.rootProps}
    >
      <div ref={viewport} className="h-full">
        {/* Announce the new slide only when it was the visitor who moved it, not the timer. */}
        <div className="flex h-full flex-col" aria-live={autoplay.rotating ? "off" : "polite"}>
          {children}
        </div>
      </div>
      {Children.count(children) > 1 && (
        <AutoplayToggle autoplay={autoplay} className="absolute right-3 bottom-3 bg-main/80" />
      )}
    </section>
  );
}
