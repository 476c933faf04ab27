import { trendingMovies } from "@/lib/data/recommendations";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

/** "Trending this week": the movies members played most in the last 7 days. */
export const GET = route(async (request) => mediaUrls(request).movies(await trendingMovies()));

export const OPTIONS = preflight;
