import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { pagePublicOrigin } from "@/lib/http/public-url";

/** Public catalogue pages are for search engines; the API, accounts and admin are not. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection(); // the sitemap's origin is the request's (or the configured one), not the build's
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: ["/api/", "/admin", "/profile", "/password", "/favorite", "/login", "/register", "/watch/"],
    },
    sitemap: `${await pagePublicOrigin()}/sitemap.xml`,
  };
}
