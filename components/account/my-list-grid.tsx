"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { SWRConfig } from "swr";
import { MovieGrid } from "@/components/movie/movie-card";
import { MovieListsProvider } from "@/components/movie/movie-lists-provider";
import { EmptyState } from "@/components/ui/data-table";
import { MY_LIST_URL, useMyList } from "@/lib/client/hooks";
import type { MovieListItem } from "@/lib/data/movie-shapes";

const GRID_SIZES = "(min-width: 1280px) 20vw, (min-width: 768px) 30vw, 50vw";

/**
 * /my-list: the films kept to watch later, as posters, most recently added first. `initial` is the
 * list as the server rendered it; every card's My List button reads the same list (one SWR key), so
 * taking a film out removes its card.
 */
export function MyListGrid({ initial }: { initial: MovieListItem[] }) {
  return (
    <SWRConfig value={{ fallback: { [MY_LIST_URL]: initial } }}>
      <MovieListsProvider>
        <MyListMovies />
      </MovieListsProvider>
    </SWRConfig>
  );
}

function MyListMovies() {
  const { data: movies = [] } = useMyList(true);
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-4">
        <h1 className="text-xl font-bold">My List</h1>
        <p className="text-sm text-text">
          {movies.length} {movies.length === 1 ? "movie" : "movies"} to watch
        </p>
      </div>
      {movies.length === 0 ? (
        <EmptyState>
          Your list is empty. Add movies to watch later with the + button on any movie, or{" "}
          <IntentLink href="/movies" className="text-accent underline underline-offset-4 hover:text-white">
            browse the movies
          </IntentLink>
          .
        </EmptyState>
      ) : (
        <MovieGrid
          movies={movies}
          className="grid grid-cols-2 gap-3 sm:gap-6 md:grid-cols-3 xl:grid-cols-4"
          headingLevel={2}
          sizes={GRID_SIZES}
        />
      )}
    </div>
  );
}
