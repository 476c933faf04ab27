import type { MetadataRoute } from "next";
import { siteUrl } from "@/lib/site-url";

export const dynamic = "force-dynamic";

/** Public catalogue pages are for search engines; the API, accounts and admin are not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/admin", "/profile", "/password", "/favorite", "/login", "/register", "/watch/"] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
