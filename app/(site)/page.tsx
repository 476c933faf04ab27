import { Banner } from "@/components/home/banner";
import { BecauseYouWatched } from "@/components/home/because-you-watched";
import { ContinueWatching } from "@/components/home/continue-watching";
import { Promo } from "@/components/home/promo";
import { TopRated } from "@/components/home/top-rated";
import { MovieGrid } from "@/components/movie/movie-card";
import { MovieRow } from "@/components/movie/movie-row";
import { PageLoading } from "@/components/ui/page-loading";
import { duringBuild } from "@/lib/data/build-time";
import { featuredMovies, listLatestMovies, topRatedMovies } from "@/lib/data/movies";
import { trendingMovies } from "@/lib/data/recommendations";

const BANNER_SIZE = 3;
const GRID_SIZE = 8;

/**
 * Kept whole by Next after its first render (no request data, every read cached); the banner's draw
 * and Trending this week are cached for a minute (featuredMovies, trendingMovies), so the kept page
 * is rendered again at most a minute after they change. A member's own rows come from the API.
 */
export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-7xl flex-col gap-14 px-4 py-8 sm:px-6">
      <h1 className="sr-only">Marquee: browse and watch movies</h1>
      {duringBuild() ? <PageLoading /> : <HomeCatalogue />}
    </main>
  );
}

async function HomeCatalogue() {
  const [featured, latest, topRated, trending] = await Promise.all([
    featuredMovies(BANNER_SIZE),
    listLatestMovies(GRID_SIZE),
    topRatedMovies(),
    trendingMovies(),
  ]);
  return (
    <>
      {featured.length > 0 && <Banner movies={featured} />}
      <ContinueWatching />
      <BecauseYouWatched />
      <section aria-labelledby="populate-film" className="flex flex-col gap-6">
        <h2 id="populate-film" className="text-2xl font-bold">
          Populate Film
        </h2>
        {latest.length === 0 ? (
          <p className="text-text">No movies</p>
        ) : (
          // Lazy, the first row too: the banner is the page's largest paint, and on a phone these
          // posters are below it, half of them below the fold; fetched eagerly (and preloaded by
          // React), they shared the first moments' bandwidth with the banner.
          <MovieGrid movies={latest} />
        )}
      </section>
      {trending.length > 0 && <MovieRow id="trending" title="Trending this week" movies={trending} />}
      <Promo poster={latest[0]?.image} />
      <TopRated movies={topRated} />
    </>
  );
}
