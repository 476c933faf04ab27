import type { MovieListItem } from "@/lib/data/movie-shapes";
import { MovieCard } from "./movie-card";

/** A row's card is about a fifth of the row on wide screens, 2.2 of them on a phone (the next one peeks in). */
const ROW_CARD_SIZES = "(min-width: 1024px) 18vw, (min-width: 768px) 23vw, (min-width: 640px) 30vw, 45vw";

/**
 * A titled row of movie cards that scrolls sideways within itself (the page never does): the
 * recommendation rows, "Trending this week" and "More like this". Tabbing through the cards scrolls
 * the row along; `title` may hold a link.
 */
export function MovieRow({ id, title, movies }: { id: string; title: React.ReactNode; movies: MovieListItem[] }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="-mx-1 flex snap-x snap-mandatory gap-3 overflow-x-auto px-1 pt-1 pb-3 sm:gap-6">
        {movies.map((movie) => (
          <li key={movie._id} className="w-[45%] shrink-0 snap-start sm:w-[30%] md:w-[23%] lg:w-[18%]">
            <MovieCard movie={movie} sizes={ROW_CARD_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
