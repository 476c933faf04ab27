import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { listMovieSitemapEntries } from "@/lib/data/sitemap";
import { siteUrl } from "@/lib/site-url";

const PUBLIC_PAGES = ["/", "/movies", "/about-us", "/contact"];

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  // Per request: the origin is the running server's (NEXTAUTH_URL) and the build has no database.
  // The movie list itself comes from the cache.
  await connection();
  const base = siteUrl();
  const movies = await listMovieSitemapEntries();
  return [
    ...PUBLIC_PAGES.map((page) => ({ url: `${base}${page}`, changeFrequency: "daily" as const })),
    ...movies.map((movie) => ({ url: `${base}/movie/${movie.id}`, lastModified: movie.updatedAt, changeFrequency: "weekly" as const })),
  ];
}
