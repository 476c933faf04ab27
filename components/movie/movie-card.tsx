import Link from "next/link";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import { LikeButton } from "./like-button";
import { WatchProgressBar } from "./watch-progress-bar";
import { StoredImage } from "@/components/ui/stored-image";

type CardMovie = Pick<MovieListItem, "_id" | "name" | "image" | "year">;

/** The listing grids' columns: 2 on phones, 3 from md, 4 from lg. */
const LISTING_GRID_SIZES = "(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw";

/**
 * A poster card: the picture and, below it, the name link to the movie; the heart likes it.
 * `headingLevel` keeps the outline whole: 2 right under a page's h1 (the listing), else 3 under a section's h2.
 * `sizes` says how wide the card is shown; the default fits the listing grids.
 */
export function MovieCard({
  movie,
  showYear = true,
  priority = false,
  headingLevel = 3,
  sizes = LISTING_GRID_SIZES,
}: {
  movie: CardMovie;
  showYear?: boolean;
  priority?: boolean;
  headingLevel?: 2 | 3;
  sizes?: string;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className="group relative overflow-hidden rounded-lg border border-border/60 bg-dry transition hover:scale-[1.02]">
      <Link href={`/movie/${movie._id}`} className="block focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain">
        <StoredImage
          src={movie.image}
          alt=""
          width={600}
          height={900}
          sizes={sizes}
          loading={priority ? "eager" : "lazy"}
          className="aspect-[2/3] w-full bg-main object-cover"
        />
        {/* Below the art, never over it: posters carry their own title and year lines. */}
        <div className="flex min-h-16 items-center py-3 pr-14 pl-3 sm:pl-4">
          <div className="min-w-0">
            <Heading className="line-clamp-2 text-sm font-semibold break-words text-white sm:text-base">{movie.name}</Heading>
            {showYear && <p className="text-sm text-text">{movie.year}</p>}
          </div>
        </div>
      </Link>
      <LikeButton movieId={movie._id} movieName={movie.name} className="absolute right-2 bottom-3 sm:right-3" />
      <WatchProgressBar movieId={movie._id} movieName={movie.name} />
    </article>
  );
}
