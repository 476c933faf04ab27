"use client";

import type { ReactNode } from "react";
import { MovieListsContext, useMovieListsStore } from "@/lib/client/movie-toggle";

/**
 * The viewer and their favourites and My List, asked once for every like and My List button below
 * (lib/client/movie-toggle.ts). The catalogue pages sit under one (app/(site)/layout.tsx), and so does
 * /my-list's grid.
 */
export function MovieListsProvider({ children }: { children: ReactNode }) {
  return <MovieListsContext value={useMovieListsStore()}>{children}</MovieListsContext>;
}
