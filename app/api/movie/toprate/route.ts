import { topRatedMovies } from "@/lib/data/movies";
import { preflight, route } from "@/lib/http";

export const GET = route(async () => topRatedMovies());

export const OPTIONS = preflight;
