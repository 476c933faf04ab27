import "server-only";
// NextAuth's route handler (/api/auth/*), behind the guards every other route has:
// - a POST must come from the site's own pages (Origin / Sec-Fetch-Site, lib/http/csrf.ts). NextAuth's
//   double-submit csrf token alone does not stop login CSRF: a page on another port of the same host
//   can read /api/auth/csrf's token and plant its cookie (cookies do not tell ports apart), then
//   post the attacker's credentials, and the victim would work in the attacker's account;
// - a body of at most 1 MB;
// - a clean 4xx for input it cannot use: NextAuth reads any body whole, answers 500 "server
//   configuration" to a callbackUrl (query or cookie) that is not an http(s) URL or a path, and to a
//   malformed JSON body, and throws (500) on a callbackUrl in the body that does not parse.
// The cookies' names depend on the scheme (lib/auth/cookie-names.ts).
import NextAuth, { type NextAuthOptions } from "next-auth";
import { NextRequest } from "next/server";
import { checkJsonKeys, errorResponse, readBoundedText } from "@/lib/http";
import { invalid } from "@/lib/errors";
import { assertSentByOwnPages } from "@/lib/http/csrf";
import { publicOrigin } from "@/lib/http/public-url";
import { cookieName, servedOverHttps } from "./cookie-names";
import { GOOGLE_DENIED_PATH } from "./google";
import { authOptionsFor } from "./options";

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth 4 types its App Router handler as `any`; this is what it is.
const nextAuth = NextAuth as unknown as (
  request: NextRequest,
  context: Context,
  options: NextAuthOptions,
) => Promise<Response>;
const INVALID_CALLBACK_URL = "callbackUrl must be a path on this site or an http(s) URL";

/** NextAuth's own test (core/lib/assert.js), so whatever passes here passes there. */
function isHttpUrl(url: string, base: string): boolean {
  try {
    return /^https?:/.test(new URL(url, url.startsWith("/") ? base : undefined).protocol);
  } catch {
    return false;
  }
}

/** A callbackUrl NextAuth can use: absent, empty, a path or an http(s) URL. */
function isUsableCallbackUrl(value: unknown, base: string): boolean {
  if (value === undefined || value === null || value === "") return true;
  return typeof value === "string" && isHttpUrl(value, base);
}

/** The callbackUrl of a POST body as NextAuth reads it (next-auth/next/utils.js getBody). */
function bodyCallbackUrl(body: string, contentType: string): unknown {
  if (contentType.includes("application/json")) {
    if (body.trim() === "") return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw invalid("Invalid JSON body");
    }
    checkJsonKeys(parsed);
    return parsed !== null && typeof parsed === "object"
      ? (parsed as { callbackUrl?: unknown }).callbackUrl
      : undefined;
  }
  if (contentType.includes("application/x-www-form-urlencoded")) return new URLSearchParams(body).get("callbackUrl");
  return undefined;
}

async function checkedRequest(request: NextRequest): Promise<NextRequest> {
  if (request.method === "POST") assertSentByOwnPages(request);
  const origin = request.nextUrl.origin;
  if (!isUsableCallbackUrl(request.nextUrl.searchParams.get("callbackUrl"), origin))
    throw invalid(INVALID_CALLBACK_URL);
  if (request.method !== "POST") return request;
  const body = await readBoundedText(request);
  if (!isUsableCallbackUrl(bodyCallbackUrl(body, request.headers.get("content-type") ?? ""), origin))
    throw invalid(INVALID_CALLBACK_URL);
  return new NextRequest(request.url, { method: "POST", headers: request.headers, body });
}

export async function nextAuthRoute(request: NextRequest, context: Context): Promise<Response> {
  // A refused consent screen comes back as `?error=access_denied`, which NextAuth would log as a
  // server error and report as a generic failure; the login page says what happened instead.
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === "/api/auth/callback/google" && searchParams.get("error") === "access_denied")
    return Response.redirect(new URL(GOOGLE_DENIED_PATH, publicOrigin(request)), 302);
  let checked: NextRequest;
  try {
    checked = await checkedRequest(request);
  } catch (error) {
    return errorResponse(error);
  }
  const secure = servedOverHttps(request.headers);
  const callbackCookie = cookieName("next-auth.callback-url", secure);
  const value = request.cookies.get(callbackCookie)?.value;
  if (!isUsableCallbackUrl(value, request.nextUrl.origin)) {
    // NextAuth reads the cookie from the request itself: drop it and let the browser retry.
    const response = errorResponse(invalid(INVALID_CALLBACK_URL));
    response.headers.append(
      "Set-Cookie",
      `${callbackCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
    return response;
  }
  return nextAuth(checked, context, authOptionsFor(secure));
}
