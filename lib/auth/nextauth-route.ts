import "server-only";
// NextAuth's route handler (/api/auth/*), behind the two guards every other route has: a body of at
// most 1 MB, and a clean 4xx for input it cannot use. NextAuth itself reads any body whole and
// answers 500 "server configuration" to a callbackUrl (query or cookie) that is not an http(s) URL or
// a path, and to a malformed JSON body.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { badRequest, checkJsonKeys, errorResponse, readBoundedText } from "@/lib/http";
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

async function checkedRequest(request: NextRequest): Promise<NextRequest> {
  const callbackUrl = request.nextUrl.searchParams.get("callbackUrl");
  if (callbackUrl !== null && callbackUrl !== "" && !isHttpUrl(callbackUrl, request.nextUrl.origin))
    throw badRequest(INVALID_CALLBACK_URL);
  if (request.method !== "POST") return request;
  const body = await readBoundedText(request);
  if ((request.headers.get("content-type") ?? "").includes("application/json") && body.trim() !== "") {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw badRequest("Invalid JSON body");
    }
    checkJsonKeys(parsed);
  }
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
