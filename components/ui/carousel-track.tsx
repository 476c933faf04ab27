import type { EmblaViewportRefType } from "embla-carousel-react";

/**
 * The sideways carousels' frame (Top rate, Cast): the embla viewport as a labelled carousel region
 * and its slides. `slideWidth`: the basis classes, how many slides are in view at each breakpoint.
 */
export function CarouselTrack<T extends { _id: string }>({
  viewport,
  label,
  items,
  slideWidth,
  children: slide,
}: {
  viewport: EmblaViewportRefType;
  label: string;
  items: T[];
  slideWidth: string;
  children: (item: T) => React.ReactNode;
}) {
  return (
    <div ref={viewport} role="region" className="overflow-hidden" aria-roledescription="carousel" aria-label={label}>
      <ul className="-ml-4 flex">
        {items.map((item) => (
          <li key={item._id} className={`min-w-0 shrink-0 grow-0 pl-4 ${slideWidth}`}>
            {slide(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}
