// GET /auth/google/callback[?redirect=<origin>]: where Google sign-in ends. NextAuth has already
// opened the web session; the original client on an allowed origin gets its `/login?data=` hand-over,
// this site's own pages just go home.
import { getRequestUser } from "@/lib/auth";
import { GOOGLE_UNAVAILABLE_PATH, REDIRECT_NOT_ALLOWED, allowedRedirectOrigin, handOverUrl, isGoogleConfigured } from "@/lib/auth/google";
import { userInfoWithToken } from "@/lib/data/users";
import { env } from "@/lib/env";
import { badRequest, errorResponse } from "@/lib/http";

export async function GET(request: Request): Promise<Response> {
  const requested = new URL(request.url).searchParams.get("redirect");
  const origin = allowedRedirectOrigin(requested);
  if (requested && !origin) return errorResponse(badRequest(REDIRECT_NOT_ALLOWED));
  const base = env.NEXTAUTH_URL ?? request.url;
  if (!isGoogleConfigured()) return Response.redirect(new URL(GOOGLE_UNAVAILABLE_PATH, base), 302);

  const user = await getRequestUser(request).catch(() => null);
  if (!user) return Response.redirect(new URL("/login?error=google-failed", base), 302);
  if (!origin) return Response.redirect(new URL("/", base), 302);
  const info = await userInfoWithToken(user.id);
  return info ? Response.redirect(handOverUrl(origin, info), 302) : Response.redirect(new URL("/login?error=google-failed", base), 302);
}
