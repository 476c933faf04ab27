import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { RequestedListing, requestedListingMetadata } from "@/components/movie/movie-listing";
import { movieListQuerySchema } from "@/lib/validation/movie-query";

// /movies with a query string (filters, a page) and /movies/{term} (a search): rendered per request.
// /movies with no filter or page is app/(site)/movies-catalogue, kept whole (next.config.ts).

type Props = {
  params: Promise<{ search?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/** At most one search term in the path, by the API's rule (no control characters, at most 200 characters once trimmed). */
async function searchTerm(params: Props["params"]): Promise<string> {
  const { search = [] } = await params;
  if (search.length > 1) notFound();
  if (!search[0]) return "";
  const term = movieListQuerySchema.shape.search.safeParse(decodeSegment(search[0]).trim().slice(0, 200));
  if (!term.success) notFound();
  return term.data ?? "";
}

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return requestedListingMetadata(await searchTerm(params), searchParams);
}

export default async function MoviesPage({ params, searchParams }: Props) {
  return <RequestedListing search={await searchTerm(params)} searchParams={searchParams} />;
}

/** Next hands the segment decoded; decoding again would turn a literal "%25" into "%" or throw. */
function decodeSegment(segment: string): string {
  try {
    return /%[0-9a-f]{2}/i.test(segment) ? decodeURIComponent(segment) : segment;
  } catch {
    return segment;
  }
}
