import type { MetadataRoute } from "next";
import { listMovieSitemapEntries } from "@/lib/data/sitemap";
import { pagePublicOrigin } from "@/lib/http/public-url";

// Movies come and go as admins work: build the list on each request.
export const dynamic = "force-dynamic";

const PUBLIC_PAGES = ["/", "/movies", "/about-us", "/contact"];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [base, movies] = await Promise.all([pagePublicOrigin(), listMovieSitemapEntries()]);
  return [
    ...PUBLIC_PAGES.map((page) => ({ url: `${base}${page}`, changeFrequency: "daily" as const })),
    ...movies.map((movie) => ({ url: `${base}/movie/${movie.id}`, lastModified: movie.updatedAt, changeFrequency: "weekly" as const })),
  ];
}
