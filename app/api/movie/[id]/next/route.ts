import { getRequestUser } from "@/lib/auth";
import { nextSuggestion } from "@/lib/data/up-next";
import { preflight, route } from "@/lib/http";
import { mediaUrls } from "@/lib/http/media-urls";

type Context = { params: Promise<{ id: string }> };

/** What the player offers when this film ends; a member's My List and watched films count. */
export const GET = route<Context>(async (request, { params }) => {
  const user = await getRequestUser(request);
  return mediaUrls(request).upNext(await nextSuggestion((await params).id, user?.id ?? null));
});

export const OPTIONS = preflight;
