"use client";

import { Children } from "react";
import { AutoplayToggle } from "./autoplay-toggle";
import { useAutoplayCarousel } from "./use-autoplay-carousel";

const arrow =
  "flex size-10 items-center justify-center rounded-md bg-subMain text-white transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/**
 * A titled sideways carousel that loops and moves on its own (Top rate, Casts): the heading with the
 * pause control (and arrows when `arrows` names them), then the embla viewport as a labelled carousel
 * region with one slide per child. `slideWidth`: the basis classes, how many slides are in view at
 * each breakpoint. With no children it shows `emptyText` and no controls.
 *
 * The slides come as children, rendered by the server: the carousel's own state (embla starting, the
 * pointer or focus inside, a pause) re-renders this frame only, and a phone hydrates no poster or
 * rating code. Rendered here, every slide was drawn twice while the page was still starting.
 */
export function CarouselSection({
  id,
  title,
  label,
  delay,
  slideWidth,
  arrows,
  emptyText,
  children,
}: {
  id: string;
  title: string;
  label: string;
  delay: number;
  slideWidth: string;
  arrows?: { previous: string; next: string };
  emptyText?: string;
  children: React.ReactNode;
}) {
  const [viewport, embla, autoplay] = useAutoplayCarousel({ align: "start", duration: 40 }, delay);
  const count = Children.count(children);
  return (
    <section aria-labelledby={id} className="flex flex-col gap-6" {...autoplay.rootProps}>
      <div className="flex items-center justify-between gap-4">
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        {count > 0 && (
          <div className="flex gap-3">
            <AutoplayToggle autoplay={autoplay} className="bg-white/10" />
            {arrows && (
              <>
                <button
                  type="button"
                  aria-label={arrows.previous}
                  className={arrow}
                  onClick={() => embla?.scrollPrev()}
                >
                  {"<"}
                </button>
                <button type="button" aria-label={arrows.next} className={arrow} onClick={() => embla?.scrollNext()}>
                  {">"}
                </button>
              </>
            )}
          </div>
        )}
      </div>
      {count === 0 ? (
        <p className="text-text">{emptyText}</p>
      ) : (
        <div
          ref={viewport}
          role="region"
          className="overflow-hidden"
          aria-roledescription="carousel"
          aria-label={label}
        >
          <ul className="-ml-4 flex">
            {/* Children.map keys each slide by its child's key. */}
            {Children.map(children, (slide) => (
              <li className={`min-w-0 shrink-0 grow-0 pl-4 ${slideWidth}`}>{slide}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
