import type { MetadataRoute } from "next";
import { connection } from "next/server";
import { siteUrl } from "@/lib/site-url";

/** Public catalogue pages are for search engines; the API, accounts and admin are not. */
export default async function robots(): Promise<MetadataRoute.Robots> {
  await connection(); // the sitemap's origin is the running server's (NEXTAUTH_URL), not the build's
  return {
    rules: { userAgent: "*", allow: "/", disallow: ["/api/", "/admin", "/profile", "/password", "/favorite", "/login", "/register", "/watch/"] },
    sitemap: `${siteUrl()}/sitemap.xml`,
  };
}
