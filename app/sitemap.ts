import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { listMovieSitemapEntries } from "@/lib/data/sitemap";
import { pagePublicOrigin } from "@/lib/http/public-url";

const PUBLIC_PAGES = ["/", "/movies", "/about-us", "/contact"];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  // Per request: the origin is the request's (or the configured one), and the build has no database.
  // The movie list itself comes from the cache.
  await connection();
  const [base, movies] = await Promise.all([pagePublicOrigin(), listMovieSitemapEntries()]);
  return [
    ...PUBLIC_PAGES.map((page) => ({ url: `${base}${page}`, changeFrequency: "daily" as const })),
    ...movies.map((movie) => ({
      url: `${base}/movie/${movie.id}`,
      lastModified: movie.updatedAt,
      changeFrequency: "weekly" as const,
    })),
  ];
}
