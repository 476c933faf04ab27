import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { pagePublicOrigin } from "@/lib/http/public-url";
import { MOVIES_CATALOGUE_PATH } from "@/lib/page-routes";

/** Public catalogue pages are for search engines; the API, accounts and admin are not. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection(); // the sitemap's origin is the request's (or the configured one), not the build's
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      // The kept movie list's own path is /movies, by another name (lib/page-routes.ts).
      disallow: [
        "/api/",
        "/admin",
        "/profile",
        "/password",
        "/favorite",
        "/my-list",
        "/history",
        "/login",
        "/register",
        "/watch/",
        MOVIES_CATALOGUE_PATH,
      ],
    },
    sitemap: `${await pagePublicOrigin()}/sitemap.xml`,
  };
}
