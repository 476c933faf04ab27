import "server-only";
import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { MovieGrid } from "@/components/movie/movie-card";
import { ListingFilters } from "@/components/movie/listing-filters";
import { LISTING_MAIN_CLASS, LISTING_SUMMARY_CLASS } from "@/components/movie/listing-layout";
import { ListingPagination } from "@/components/movie/listing-pagination";
import { listCategories } from "@/lib/data/categories";
import { didYouMean, listMovies, listMovieYears } from "@/lib/data/movies";
import { listingHref, type ListingFilters as Filters } from "@/lib/movie-filters";
import { readListingFilters } from "@/lib/validation/listing-filters";
import { listingDescription } from "@/lib/seo";
import type { MovieSort } from "@/lib/validation/movie-query";

type ListingProps = { search: string; filters: Filters };
type QueryString = Promise<Record<string, string | string[] | undefined>>;

/** The title and description of /movies, a search and its filters. */
export async function listingMetadata({ search, filters }: ListingProps): Promise<Metadata> {
  const wanted = filters.category?.toLowerCase();
  // The category filter takes an id or a name (docs/api.md "Movies").
  const category = wanted
    ? (await listCategories()).find((c) => c._id === filters.category || c.name.toLowerCase() === wanted)
    : undefined;
  const description = listingDescription(search, filters, category?.name);
  return search
    ? { title: `Search: ${search}`, description, robots: { index: false } }
    : { title: "Movies", description };
}

/** The movie listing: filters, the count, one page of cards and the pagination. */
export async function MovieListing({ search, filters }: ListingProps) {
  const [categories, years, result] = await Promise.all([
    listCategories(),
    listMovieYears(),
    listMovies({
      ...filters,
      time: num(filters.time),
      rate: num(filters.rate),
      year: num(filters.year),
      sort: filters.sort as MovieSort | undefined,
      search: search || undefined,
    }),
  ]);
  // No dead end: a search that found nothing offers the closest title or cast name.
  const suggestion = search && result.moviesCount === 0 ? await didYouMean(search) : null;
  return (
    <main className={LISTING_MAIN_CLASS}>
      <h1 className="sr-only">{search ? `Movies matching ${search}` : "Movies"}</h1>
      <ListingFilters
        key={JSON.stringify([search, filters])}
        search={search}
        filters={filters}
        categories={categories}
        years={years}
      />
      <div className={LISTING_SUMMARY_CLASS}>
        <p>
          {/* A lower bound when a search or filter stopped counting (docs/api.md): "1000+". */}
          Total{" "}
          <span className="font-bold text-accent">
            {result.moviesCountIsLowerBound ? `${result.moviesCount}+` : result.moviesCount}
          </span>{" "}
          Movies
        </p>
        {search && <p>Results for &ldquo;{search}&rdquo;</p>}
      </div>
      {result.movies.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-lg border border-border/40 bg-dry px-6 py-16 text-center text-text">
          <p>No movies found</p>
          {suggestion && (
            <p>
              Did you mean{" "}
              <IntentLink
                href={listingHref(suggestion, {})}
                className="font-semibold text-subMain underline underline-offset-4 hover:text-white"
              >
                {suggestion}
              </IntentLink>
              ?
            </p>
          )}
        </div>
      ) : (
        <MovieGrid movies={result.movies} lcpFirst headingLevel={2} />
      )}
      <ListingPagination
        search={search}
        filters={filters}
        currentPage={result.currentPage}
        totalPage={result.totalPage}
      />
    </main>
  );
}

/**
 * A search or a filtered list, read from the request's query string: rendered per request (their
 * number has no bound, so none is kept). The unfiltered /movies is kept whole (app/(site)/movies-catalogue).
 */
export async function RequestedListing({ search, searchParams }: { search: string; searchParams: QueryString }) {
  return <MovieListing search={search} filters={readListingFilters(await searchParams)} />;
}

/** The metadata of a RequestedListing. */
export async function requestedListingMetadata(search: string, searchParams: QueryString): Promise<Metadata> {
  // Request data first: until it is awaited the build prerenders this, and has no database.
  return listingMetadata({ search, filters: readListingFilters(await searchParams) });
}

const num = (value: string | undefined) => (value === undefined ? undefined : Number(value));
