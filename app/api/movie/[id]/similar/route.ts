import { moreLikeThis } from "@/lib/data/recommendations";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

type Context = { params: Promise<{ id: string }> };

/** "More like this": the movies most like this one, best first (docs/api.md, "Recommendations"). */
export const GET = route<Context>(async (request, { params }) =>
  mediaUrls(request).movies(await moreLikeThis((await params).id)),
);

export const OPTIONS = preflight;
