import { IntentLink } from "@/components/ui/intent-link";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import { LikeButton } from "./like-button";
import { MyListButton } from "./my-list-button";
import { PlayLink } from "./play-link";
import { Poster, type PosterLoading } from "@/components/ui/poster";
import { Runtime } from "./runtime";
import { NO_RATINGS } from "./stars";
import { WatchProgressBar } from "./watch-progress-bar";

type CardMovie = Pick<
  MovieListItem,
  "_id" | "name" | "image" | "year" | "hour" | "durationSeconds" | "rate" | "countReviews"
>;

/** The listing grids: 2 posters a row on phones, 3 from md, 4 from lg (LISTING_GRID_SIZES tells the optimizer the same). */
export const MOVIE_GRID_CLASS = "grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 lg:grid-cols-4";
const LISTING_GRID_SIZES = "(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

const CARD_CLASS = "relative flex flex-col overflow-hidden rounded-lg border border-border/60 bg-dry";
const POSTER_CLASS = "w-full bg-main";
const CAPTION_CLASS = "flex flex-col gap-1 px-3 pt-3 sm:px-4";
const TITLE_TEXT_CLASS = "text-sm font-semibold sm:text-base";
const META_CLASS = "text-xs text-text sm:text-sm";
const ACTIONS_CLASS = "mt-auto flex items-center gap-2 px-3 pt-2 pb-3 sm:px-4";

/**
 * A poster card: the picture and, below it, the name, year, runtime and rating, all one link to the
 * movie; then Play (straight into the player), My List and the heart. `headingLevel` keeps the
 * outline whole: 2 right under a page's h1 (the listing), else 3 under a section's h2. `sizes` says
 * how wide the card is shown; the default fits the listing grids.
 */
type CardOptions = {
  showYear?: boolean;
  /** `lcp` for the first card of a grid at the top of a page; the rest of the first row too is `lazy`. */
  loading?: Exclude<PosterLoading, "eager">;
  headingLevel?: 2 | 3;
  sizes?: string;
};

export function MovieCard({
  movie,
  showYear = true,
  loading = "lazy",
  headingLevel = 3,
  sizes = LISTING_GRID_SIZES,
}: CardOptions & { movie: CardMovie }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={`group ${CARD_CLASS} transition hover:scale-[1.02]`}>
      <IntentLink
        href={`/movie/${movie._id}`}
        className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain"
      >
        <Poster src={movie.image} width={600} sizes={sizes} loading={loading} className={POSTER_CLASS} />
        {/* Below the art, never over it: posters carry their own title and year lines. */}
        <div className={CAPTION_CLASS}>
          <Heading className={`line-clamp-2 break-words text-white ${TITLE_TEXT_CLASS}`}>{movie.name}</Heading>
          <p className={META_CLASS}>
            {showYear && <>{movie.year} · </>}
            <Runtime hour={movie.hour} durationSeconds={movie.durationSeconds} />
          </p>
          <p className={META_CLASS}>
            {movie.countReviews === 0 ? (
              NO_RATINGS
            ) : (
              <>
                <span aria-hidden="true" className="text-star">
                  ★{" "}
                </span>
                <span className="sr-only">Rated </span>
                {movie.rate}
                <span className="sr-only"> out of 5</span> ({movie.countReviews})
              </>
            )}
          </p>
        </div>
      </IntentLink>
      <div className={ACTIONS_CLASS}>
        <PlayLink movieId={movie._id} movieName={movie.name} />
        <MyListButton movieId={movie._id} movieName={movie.name} />
        <LikeButton movieId={movie._id} movieName={movie.name} />
      </div>
      {/* Along the poster's bottom edge: the box is the poster's (the card's width, 2:3). */}
      <div className="pointer-events-none absolute inset-x-0 top-0 aspect-[2/3]">
        <WatchProgressBar movieId={movie._id} movieName={movie.name} />
      </div>
    </article>
  );
}

/**
 * A grid of cards, the listing grids' columns unless `className` says otherwise. `lcpFirst`: the grid
 * is at the top of its page, and its first poster is the page's largest picture.
 */
export function MovieGrid({
  movies,
  className = MOVIE_GRID_CLASS,
  lcpFirst = false,
  ...card
}: Omit<CardOptions, "loading"> & { movies: CardMovie[]; className?: string; lcpFirst?: boolean }) {
  return (
    <ul className={className}>
      {movies.map((movie, index) => (
        <li key={movie._id}>
          <MovieCard movie={movie} loading={lcpFirst && index === 0 ? "lcp" : "lazy"} {...card} />
        </li>
      ))}
    </ul>
  );
}

/** A card's box before its movie arrives: the poster's and a one-line caption's sizes, so the grid does not move. */
export function MovieCardSkeleton() {
  return (
    <div aria-hidden="true" className={CARD_CLASS}>
      <div className={`aspect-[2/3] ${POSTER_CLASS}`} />
      <div className={`${CAPTION_CLASS} motion-safe:animate-pulse`}>
        {/* A non-breaking space gives each line the real text's line height. */}
        <p className={TITLE_TEXT_CLASS}>
          <span className="inline-block w-3/4 rounded bg-border/40">&nbsp;</span>
        </p>
        <p className={META_CLASS}>
          <span className="inline-block w-20 rounded bg-border/40">&nbsp;</span>
        </p>
        <p className={META_CLASS}>
          <span className="inline-block w-12 rounded bg-border/40">&nbsp;</span>
        </p>
      </div>
      <div className={ACTIONS_CLASS}>
        <span className="size-10 rounded-md bg-border/40" />
      </div>
    </div>
  );
}
