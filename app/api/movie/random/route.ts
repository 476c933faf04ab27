import { randomMovies } from "@/lib/data/movies";
import { preflight, route } from "@/lib/http";

export const GET = route(async () => randomMovies());

export const OPTIONS = preflight;
