import { randomMovies } from "@/lib/data/movies";
import { preflight, route } from "@/lib/http";

export const dynamic = "force-dynamic";

export const GET = route(async () => randomMovies());

export const OPTIONS = preflight;
