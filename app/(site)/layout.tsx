import { MovieListsProvider } from "@/components/movie/movie-lists-provider";

/** The catalogue's pages: their like and My List buttons share one look-up of the viewer's lists. */
export default function SiteLayout({ children }: { children: React.ReactNode }) {
  return <MovieListsProvider>{children}</MovieListsProvider>;
}
