// GET /auth/google[?redirect=<origin>]: starts Google sign-in for the original client. NextAuth
// starts OAuth only from a POST carrying its CSRF token, so this answers with a tiny page that fetches
// the token and submits that POST; the flow then returns through /auth/google/callback. The page also
// sets the state cookie that the `/login?data=` hand-over code is bound to (lib/auth/hand-over.ts).
import { servedOverHttps } from "@/lib/auth/cookie-names";
import { googleStateCookie, newGoogleState } from "@/lib/auth/hand-over";
import {
  GOOGLE_UNAVAILABLE_PATH,
  REDIRECT_NOT_ALLOWED,
  allowedRedirectOrigin,
  googleIssuerOrigin,
  isGoogleConfigured,
} from "@/lib/auth/google";
import { errorResponse } from "@/lib/http";
import { invalid } from "@/lib/errors";
import { publicOrigin } from "@/lib/http/public-url";
import { AUTH_REDIRECT_CONTENT_SECURITY_POLICY, googleHandOffContentSecurityPolicy } from "@/lib/http/security-headers";

/** Answers other than the page: nothing in them runs. */
function withoutScripts(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set("content-security-policy", AUTH_REDIRECT_CONTENT_SECURITY_POLICY);
  return new Response(response.body, { status: response.status, headers });
}

export function GET(request: Request): Response {
  const requested = new URL(request.url).searchParams.get("redirect");
  const origin = allowedRedirectOrigin(requested);
  if (requested && !origin) return withoutScripts(errorResponse(invalid(REDIRECT_NOT_ALLOWED)));
  const base = publicOrigin(request);
  if (!isGoogleConfigured()) return withoutScripts(Response.redirect(new URL(GOOGLE_UNAVAILABLE_PATH, base), 302));

  const callbackUrl = origin ? `/auth/google/callback?redirect=${encodeURIComponent(origin)}` : "/auth/google/callback";
  const page = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Signing in with Google…</title><meta name="robots" content="noindex"></head>
<body style="background:#080a1a;color:#fff;font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0">
<form id="google" method="post" action="/api/auth/signin/google">
<input type="hidden" name="csrfToken" value="">
<input type="hidden" name="callbackUrl" value="${callbackUrl.replace(/&/g, "&amp;").replace(/"/g, "&quot;")}">
<p>Signing in with Google…</p>
<noscript><button type="submit">Continue with Google</button></noscript>
</form>
<script>
fetch("/api/auth/csrf", { credentials: "same-origin" })
  .then(function (r) { return r.json(); })
  .then(function (d) { var f = document.getElementById("google"); f.csrfToken.value = d.csrfToken; f.submit(); })
  .catch(function () { location.href = "/login?error=google-failed"; });
</script>
</body></html>`;
  return new Response(page, {
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy": googleHandOffContentSecurityPolicy(googleIssuerOrigin()),
      "set-cookie": googleStateCookie(newGoogleState(), servedOverHttps(request.headers)),
    },
  });
}
