import { IntentLink } from "@/components/ui/intent-link";
import { LikeButton } from "@/components/movie/like-button";
import { Runtime } from "@/components/movie/runtime";
import { NO_RATINGS, Stars } from "@/components/movie/stars";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import { CarouselSection } from "@/components/ui/carousel-section";
import { Poster } from "@/components/ui/poster";

/** As many slides as are in view: see the basis classes of TopRated's slides. */
const TOP_RATED_SIZES =
  "(min-width: 1280px) 20vw, (min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 400px) 50vw, 100vw";

/** docs/product.md "Home": loops and autoplays; 1, 2, 3, 4, 5 slides in view from 0, 400, 768, 1024, 1280 px. */
export function TopRated({ movies }: { movies: MovieListItem[] }) {
  return (
    <CarouselSection
      id="top-rate"
      title="Top rate"
      label="Top rated movies"
      delay={4000}
      slideWidth="basis-1/2 md:basis-1/3 lg:basis-1/4 xl:basis-1/5"
      arrows={{ previous: "Previous movies", next: "Next movies" }}
      emptyText="No Movies"
    >
      {movies.map((movie) => (
        <article key={movie._id} className="relative overflow-hidden rounded-lg border border-border/60 bg-dry">
          <IntentLink
            href={`/movie/${movie._id}`}
            className="block focus-visible:outline-2 focus-visible:outline-subMain"
          >
            <Poster src={movie.image} width={600} sizes={TOP_RATED_SIZES} className="w-full" />
            <div className="flex flex-col gap-2 p-3">
              <h3 className="truncate font-semibold">{movie.name}</h3>
              <p className="text-sm text-text">
                <Runtime hour={movie.hour} durationSeconds={movie.durationSeconds} />
              </p>
              {movie.countReviews === 0 ? (
                <p className="text-sm text-text">{NO_RATINGS}</p>
              ) : (
                <Stars value={movie.rate} />
              )}
            </div>
          </IntentLink>
          <LikeButton movieId={movie._id} movieName={movie.name} className="absolute top-3 right-3" />
        </article>
      ))}
    </CarouselSection>
  );
}
