"use client";

import { AutoplayToggle } from "@/components/ui/autoplay-toggle";
import { CarouselTrack } from "@/components/ui/carousel-track";
import { useAutoplayCarousel } from "@/components/ui/use-autoplay-carousel";
import type { CastMemberItem } from "@/lib/data/movie-shapes";
import { Poster } from "@/components/ui/poster";

/** As many portraits as are in view: see the basis classes of the slides. */
const CAST_SIZES = "(min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw";

/** docs/product.md "Movie page": five in view (fewer on small screens), looping, autoplay. */
export function CastCarousel({ casts }: { casts: CastMemberItem[] }) {
  const [viewport, , autoplay] = useAutoplayCarousel({ align: "start", duration: 40 }, 3000);
  return (
    <section aria-labelledby="casts" className="flex flex-col gap-6" {...autoplay.rootProps}>
      <div className="flex items-center justify-between gap-4">
        <h2 id="casts" className="text-2xl font-bold">
          Casts
        </h2>
        <AutoplayToggle autoplay={autoplay} className="bg-white/10" />
      </div>
      <CarouselTrack
        viewport={viewport}
        label="Cast"
        items={casts}
        slideWidth="basis-1/2 sm:basis-1/3 md:basis-1/4 lg:basis-1/5"
      >
        {(cast) => (
          <figure className="rounded-lg border border-border/40 bg-dry p-3 text-center">
            <Poster src={cast.image} shape="portrait" width={400} sizes={CAST_SIZES} className="w-full rounded-md" />
            <figcaption className="mt-3 truncate text-sm font-semibold">{cast.name}</figcaption>
          </figure>
        )}
      </CarouselTrack>
    </section>
  );
}
