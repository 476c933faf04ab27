import { connection } from "next/server";
import { Suspense } from "react";
import { Banner } from "@/components/home/banner";
import { ContinueWatching } from "@/components/home/continue-watching";
import { Promo } from "@/components/home/promo";
import { TopRated } from "@/components/home/top-rated";
import { MOVIE_GRID_CLASS, MovieCard } from "@/components/movie/movie-card";
import { PageLoading } from "@/components/ui/page-loading";
import { listLatestMovies, randomMovies, topRatedMovies } from "@/lib/data/movies";

const BANNER_SIZE = 3;
const GRID_SIZE = 8;

/** The shell is prerendered; the catalogue part is rendered per request from cached reads. */
export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-8 sm:px-6">
      <h1 className="sr-only">Marquee: browse and watch movies</h1>
      <Suspense fallback={<PageLoading />}>
        <HomeCatalogue />
      </Suspense>
    </main>
  );
}

async function HomeCatalogue() {
  // Per request: the banner is a new random draw each time (only its candidate pool is cached),
  // and the build has no database to prerender the rest with.
  await connection();
  const [random, latest, topRated] = await Promise.all([randomMovies(), listLatestMovies(GRID_SIZE), topRatedMovies()]);
  return (
    <>
      {random.length > 0 && <Banner movies={random.slice(0, BANNER_SIZE)} />}
      <ContinueWatching />
      <section aria-labelledby="populate-film" className="flex flex-col gap-6">
        <h2 id="populate-film" className="text-2xl font-bold">
          Populate Film
        </h2>
        {latest.length === 0 ? (
          <p className="text-text">No movies</p>
        ) : (
          <ul className={MOVIE_GRID_CLASS}>
            {latest.map((movie, index) => (
              <li key={movie._id}>
                <MovieCard movie={movie} loading={index < 4 ? "eager" : "lazy"} />
              </li>
            ))}
          </ul>
        )}
      </section>
      <Promo poster={latest[0]?.image} />
      <TopRated movies={topRated} />
    </>
  );
}
