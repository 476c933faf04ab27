import { env } from "@/lib/env";

/** The app's public origin for absolute links (sitemap, robots, Open Graph); the run command sets NEXTAUTH_URL. */
export const siteUrl = () => (env.NEXTAUTH_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/+$/, "");
