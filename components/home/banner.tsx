import { IntentLink } from "@/components/ui/intent-link";
import { LikeButton } from "@/components/movie/like-button";
import { Runtime } from "@/components/movie/runtime";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import { StoredImage } from "@/components/ui/stored-image";
import { BannerCarousel } from "./banner-carousel";

/**
 * docs/product.md "Home": the first three random movies, a vertical slide every 4 s (about 1 s each),
 * in ./banner-carousel.tsx; the slides are drawn here, on the server.
 */
export function Banner({ movies }: { movies: MovieListItem[] }) {
  return (
    <BannerCarousel>
      {movies.map((movie, index) => (
        <div
          key={movie._id}
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${movies.length}`}
          className="relative h-full min-h-0 shrink-0 grow-0 basis-full"
        >
          <StoredImage
            src={movie.titleImage}
            alt=""
            fill
            sizes="(min-width: 1280px) 1280px, 100vw"
            loading={index === 0 ? "eager" : "lazy"}
            fetchPriority={index === 0 ? "high" : undefined}
            className="object-cover"
          />
          <div className="absolute inset-0 flex flex-col justify-center gap-4 bg-gradient-to-r from-main via-main/85 to-main/30 px-6 sm:px-12">
            <h2 className="line-clamp-2 text-2xl font-bold sm:text-4xl">{movie.name}</h2>
            <p className="flex flex-wrap gap-4 text-sm text-dryGray">
              <span>{movie.category.name}</span>
              <span>{movie.year}</span>
              <Runtime hour={movie.hour} durationSeconds={movie.durationSeconds} />
            </p>
            <div className="flex items-center gap-4">
              <IntentLink
                href={`/movie/${movie._id}`}
                className="rounded-md bg-subMain px-8 py-3 text-sm font-semibold transition hover:bg-subMain/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
                aria-label={`Watch ${movie.name}`}
              >
                Watch
              </IntentLink>
              <LikeButton movieId={movie._id} movieName={movie.name} />
            </div>
          </div>
        </div>
      ))}
    </BannerCarousel>
  );
}
