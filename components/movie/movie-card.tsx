import Link from "next/link";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import { LikeButton } from "./like-button";
import { WatchProgressBar } from "./watch-progress-bar";
import { StoredImage } from "@/components/ui/stored-image";

type CardMovie = Pick<MovieListItem, "_id" | "name" | "image" | "year">;

/** The listing grids: 2 posters a row on phones, 3 from md, 4 from lg (LISTING_GRID_SIZES tells the optimizer the same). */
export const MOVIE_GRID_CLASS = "grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4";
const LISTING_GRID_SIZES = "(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

const CARD_CLASS = "relative overflow-hidden rounded-lg border border-border/60 bg-dry";
const POSTER_CLASS = "aspect-[2/3] w-full bg-main";
const CAPTION_CLASS = "flex min-h-16 items-center py-3 pr-14 pl-3 sm:pl-4";
const TITLE_TEXT_CLASS = "text-sm font-semibold sm:text-base";

/**
 * How soon the poster loads: `lcp` for the page's largest picture (the first card of a grid at the
 * top: fetched first, Lighthouse's LCP), `eager` for the rest of the first rows, `lazy` below the fold.
 */
export type PosterLoading = "lcp" | "eager" | "lazy";

/**
 * A poster card: the picture and, below it, the name link to the movie; the heart likes it.
 * `headingLevel` keeps the outline whole: 2 right under a page's h1 (the listing), else 3 under a section's h2.
 * `sizes` says how wide the card is shown; the default fits the listing grids.
 */
export function MovieCard({
  movie,
  showYear = true,
  loading = "lazy",
  headingLevel = 3,
  sizes = LISTING_GRID_SIZES,
}: {
  movie: CardMovie;
  showYear?: boolean;
  loading?: PosterLoading;
  headingLevel?: 2 | 3;
  sizes?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`group ${CARD_CLASS} transition hover:scale-[1.02]`}>
      <Link
        href={`/movie/${movie._id}`}
        className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain"
      >
        <StoredImage
          src={movie.image}
          alt=""
          width={600}
          height={900}
          sizes={sizes}
          loading={loading === "lazy" ? "lazy" : "eager"}
          fetchPriority={loading === "lcp" ? "high" : undefined}
          className={`${POSTER_CLASS} object-cover`}
        />
        {/* Below the art, never over it: posters carry their own title and year lines. */}
        <div className={CAPTION_CLASS}>
          <div className="min-w-0">
            <Heading className={`line-clamp-2 break-words text-white ${TITLE_TEXT_CLASS}`}>{movie.name}</Heading>
            {showYear && <p className="text-sm text-text">{movie.year}</p>}
          </div>
        </div>
      </Link>
      <LikeButton movieId={movie._id} movieName={movie.name} className="absolute right-2 bottom-3 sm:right-3" />
      <WatchProgressBar movieId={movie._id} movieName={movie.name} />
    </article>
  );
}

/** A card's box before its movie arrives: the poster's and a one-line caption's sizes, so the grid does not move. */
export function MovieCardSkeleton() {
  return (
    <div aria-hidden="true" className={CARD_CLASS}>
      <div className={POSTER_CLASS} />
      <div className={CAPTION_CLASS}>
        <div className="w-full motion-safe:animate-pulse">
          {/* A non-breaking space gives each line the real text's line height. */}
          <p className={TITLE_TEXT_CLASS}>
            <span className="inline-block w-3/4 rounded bg-border/40">&nbsp;</span>
          </p>
          <p className="text-sm">
            <span className="inline-block w-12 rounded bg-border/40">&nbsp;</span>
          </p>
        </div>
      </div>
    </div>
  );
}
