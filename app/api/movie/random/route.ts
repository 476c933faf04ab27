import { randomMovies } from "@/lib/data/movies";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

export const GET = route(async (request) => mediaUrls(request).movies(await randomMovies()));

export const OPTIONS = preflight;
