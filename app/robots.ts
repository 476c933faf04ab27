import type { MetadataRoute } from "next";
import { pagePublicOrigin } from "@/lib/http/public-url";

export const dynamic = "force-dynamic";

/** Public catalogue pages are for search engines; the API, accounts and admin are not. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/admin", "/profile", "/password", "/favorite", "/login", "/register", "/watch/"] },
    sitemap: `${await pagePublicOrigin()}/sitemap.xml`,
  };
}
