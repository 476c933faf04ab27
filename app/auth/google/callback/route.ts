// GET /auth/google/callback[?redirect=<origin>]: where Google sign-in ends. NextAuth has already
// opened the web session; the original client on an allowed origin gets its `/login?data=` hand-over,
// this site's own pages just go home. The hand-over carries a one-time code for the browser that
// started the flow (its state cookie), which Marquee's own /login requires.
import { getRequestUser } from "@/lib/auth";
import { issueHandOverCode, readGoogleState } from "@/lib/auth/hand-over";
import {
  GOOGLE_UNAVAILABLE_PATH,
  REDIRECT_NOT_ALLOWED,
  allowedRedirectOrigin,
  handOverUrl,
  isGoogleConfigured,
} from "@/lib/auth/google";
import { userInfoWithToken } from "@/lib/auth/accounts";
import { errorResponse } from "@/lib/http";
import { invalid } from "@/lib/errors";
import { publicOrigin } from "@/lib/http/public-url";
import { mediaUrls } from "@/lib/http/media-urls";

export async function GET(request: Request): Promise<Response> {
  const requested = new URL(request.url).searchParams.get("redirect");
  const origin = allowedRedirectOrigin(requested);
  if (requested && !origin) return errorResponse(invalid(REDIRECT_NOT_ALLOWED));
  const base = publicOrigin(request);
  if (!isGoogleConfigured()) return Response.redirect(new URL(GOOGLE_UNAVAILABLE_PATH, base), 302);

  const user = await getRequestUser(request).catch(() => null);
  if (!user) return Response.redirect(new URL("/login?error=google-failed", base), 302);
  if (!origin) return Response.redirect(new URL("/", base), 302);
  const info = await userInfoWithToken(user.id);
  if (!info) return Response.redirect(new URL("/login?error=google-failed", base), 302);
  const state = readGoogleState(request.headers);
  return Response.redirect(
    handOverUrl(origin, mediaUrls(request).userInfo(info), state && (await issueHandOverCode(user.id, state))),
    302,
  );
}
