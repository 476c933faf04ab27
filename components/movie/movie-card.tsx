import Link from "next/link";
import type { MovieListItem } from "@/lib/data/movie-shapes";
import { LikeButton } from "./like-button";
import { StoredImage } from "@/components/ui/stored-image";

type CardMovie = Pick<MovieListItem, "_id" | "name" | "image" | "year">;

/** The listing grids' columns: 1 on phones, 2 from sm, 3 from md, 4 from lg. */
const LISTING_GRID_SIZES = "(min-width: 1024px) 25vw, (min-width: 768px) 33vw, (min-width: 640px) 50vw, 100vw";

/** A poster card: the picture and name link to the movie; the heart likes it. */
export function MovieCard({
  movie,
  showYear = true,
  priority = false,
  sizes = LISTING_GRID_SIZES,
}: {
  movie: CardMovie;
  showYear?: boolean;
  priority?: boolean;
  /** How wide the card is shown (the `sizes` attribute); the default fits the listing grids. */
  sizes?: string;
}) {
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
        <div className="absolute inset-x-0 bottom-0 flex min-h-16 items-center bg-black/70 py-3 pr-16 pl-4">
          <div className="min-w-0">
            <h3 className="truncate font-semibold text-white">{movie.name}</h3>
            {showYear && <p className="text-sm text-text">{movie.year}</p>}
          </div>
        </div>
      </Link>
      <LikeButton movieId={movie._id} movieName={movie.name} className="absolute right-3 bottom-3" />
    </article>
  );
}
