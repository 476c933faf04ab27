import type { Metadata } from "next";
import { ListingSkeleton } from "@/components/movie/listing-skeleton";
import { MovieListing, listingMetadata } from "@/components/movie/movie-listing";
import { duringBuild } from "@/lib/data/build-time";

// /movies with no filter or page: next.config.ts rewrites it here. It reads no request data, so Next
// keeps it whole after its first render, until a write expires the movie lists. /movies with a query
// string stays on app/(site)/movies/[[...search]], rendered per request. A path of its own, not the
// same route ignoring the query: the browser's router would reuse that page for every query.

export function generateMetadata(): Promise<Metadata> {
  return listingMetadata({ search: "", filters: {} });
}

export default function MoviesCataloguePage() {
  return duringBuild() ? <ListingSkeleton /> : <MovieListing search="" filters={{}} />;
}
