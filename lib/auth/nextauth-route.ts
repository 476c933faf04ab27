import "server-only";
// NextAuth's route handler (/api/auth/*), behind the two guards every other route has: a body of at
// most 1 MB, and a clean 4xx for input it cannot use. NextAuth itself reads any body whole and
// answers 500 "server configuration" to a callbackUrl (query or cookie) that is not an http(s) URL or
// a path, and to a malformed JSON body, and throws (500) on a callbackUrl in the body that does not parse.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { badRequest, errorResponse, readBoundedText } from "@/lib/http";
import { publicOrigin } from "@/lib/http/public-url";
import { GOOGLE_DENIED_PATH } from "./google";
import { authOptions } from "./options";

type Context = { params: Promise<{ nextauth: string[] }> };

// next-auth 4 types its App Router handler as `any`; this is what it is.
const nextAuth = NextAuth(authOptions) as (request: NextRequest, context: Context) => Promise<Response>;
const CALLBACK_COOKIES = ["next-auth.callback-url", "__Secure-next-auth.callback-url"];
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
      throw badRequest("Invalid JSON body");
    }
    return parsed !== null && typeof parsed === "object"
      ? (parsed as { callbackUrl?: unknown }).callbackUrl
      : undefined;
  }
  if (contentType.includes("application/x-www-form-urlencoded")) return new URLSearchParams(body).get("callbackUrl");
  return undefined;
}

async function checkedRequest(request: NextRequest): Promise<NextRequest> {
  const origin = request.nextUrl.origin;
  if (!isUsableCallbackUrl(request.nextUrl.searchParams.get("callbackUrl"), origin))
    throw badRequest(INVALID_CALLBACK_URL);
  if (request.method !== "POST") return request;
  const body = await readBoundedText(request);
  if (!isUsableCallbackUrl(bodyCallbackUrl(body, request.headers.get("content-type") ?? ""), origin))
    throw badRequest(INVALID_CALLBACK_URL);
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
  const badCookie = CALLBACK_COOKIES.find((name) => {
    const value = request.cookies.get(name)?.value;
    return value !== undefined && value !== "" && !isHttpUrl(value, request.nextUrl.origin);
  });
  if (badCookie) {
    // NextAuth reads the cookie from the request itself: drop it and let the browser retry.
    const response = errorResponse(badRequest(INVALID_CALLBACK_URL));
    response.headers.append(
      "Set-Cookie",
      `${badCookie}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${badCookie.startsWith("__Secure-") ? "; Secure" : ""}`,
    );
    return response;
  }
  return nextAuth(checked, context);
}
