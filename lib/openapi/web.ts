// The web UI's own endpoints, not part of the public API in docs/api.md: who is signed in, and NextAuth's.
import { pathParam, ref, tagged, type ApiResource } from "./operation";

const { anyone } = tagged("web");
const nextAuth = anyone(
  "NextAuth's own endpoints for the web UI (session, csrf, sign-in callbacks); API clients use POST /api/user and a bearer token",
  {
    parameters: [
      pathParam("nextauth", "NextAuth's route, possibly several segments (e.g. `session`, `callback/credentials`)"),
    ],
    responses: { 200: { description: "NextAuth's answer" } },
  },
);

export const webApi: ApiResource = {
  paths: {
    "/api/viewer": {
      get: anyone("Who is signed in, for the web UI's own client components (not part of the public API)", {
        responses: { 200: ["The viewer, or null", ref("Viewer")] },
      }),
    },
    "/api/auth/{nextauth}": { get: nextAuth, post: nextAuth },
  },
};
