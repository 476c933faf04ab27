import type { CastMemberItem } from "@/lib/data/movie-shapes";
import { CarouselSection } from "@/components/ui/carousel-section";
import { Poster } from "@/components/ui/poster";

/** As many portraits as are in view: see the basis classes of the slides. */
const CAST_SIZES = "(min-width: 1024px) 20vw, (min-width: 768px) 25vw, (min-width: 640px) 33vw, 50vw";

/** docs/product.md "Movie page": five in view (fewer on small screens), looping, autoplay. */
export function CastCarousel({ casts }: { casts: CastMemberItem[] }) {
  return (
    <CarouselSection
      id="casts"
      title="Casts"
      label="Cast"
      delay={3000}
      slideWidth="basis-1/2 sm:basis-1/3 md:basis-1/4 lg:basis-1/5"
    >
      {casts.map((cast) => (
        <figure key={cast._id} className="rounded-lg border border-border/40 bg-dry p-3 text-center">
          <Poster src={cast.image} shape="portrait" width={400} sizes={CAST_SIZES} className="w-full rounded-md" />
          <figcaption className="mt-3 truncate text-sm font-semibold">{cast.name}</figcaption>
        </figure>
      ))}
    </CarouselSection>
  );
}
