// Who is looking, for client components (header account link, like buttons, the review form).
// Pages are rendered without reading the session so the catalogue can be cached and shared by
// everyone; the browser asks /api/viewer once (SWR shares and revalidates it on focus). Until the
// answer arrives the viewer is `undefined`, and consumers show a neutral state rather than the
// signed-out one, so a signed-in user never sees "Login" flash.
import useSWR, { mutate } from "swr";
import { fetcher } from "@/lib/client/fetcher";

/** `_id` lets the review list mark the viewer's own review; `emailVerified` ends the check-your-inbox notice. */
export type Viewer = { _id: string; fullName: string; image: string; isAdmin: boolean; emailVerified: boolean };

const VIEWER_URL = "/api/viewer";

/** The signed-in user, null for a visitor, undefined while not yet known. */
export function useViewer(): Viewer | null | undefined {
  const { data } = useSWR<{ viewer: Viewer | null }>(VIEWER_URL, fetcher);
  return data?.viewer;
}

/** After signing in or editing the profile: the header and buttons pick up the new session. */
export const refreshViewer = () => mutate(VIEWER_URL);
