import "server-only";
// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a successful
// sign-in the browser gets a signed cookie naming the account's email and a random device id. While
// it is valid for the email being tried, login throttling counts that browser on its own allowance,
// so an attacker failing on purpose elsewhere cannot lock the owner out.
import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { cookies, headers as requestHeaders } from "next/headers";
import { authSecret } from "@/lib/env";
import { cookieName, cookieNameFor, DEVICE_COOKIE, readCookie, servedOverHttps } from "./cookie-names";

const LIFETIME_SECONDS = 365 * 24 * 60 * 60;
const AUDIENCE = "marquee-device";

const key = () => new TextEncoder().encode(authSecret());

/** The device id of the request's device cookie when it is valid for this email, else null. */
export async function trustedDeviceId(headers: Pick<Headers, "get">, email: string): Promise<string | null> {
  const value = readCookie(headers, cookieNameFor(DEVICE_COOKIE, headers));
  if (!value) return null;
  try {
    const { payload } = await jwtVerify(value, key(), { audience: AUDIENCE, algorithms: ["HS256"] });
    return payload.sub === email && typeof payload.jti === "string" ? payload.jti : null;
  } catch {
    return null;
  }
}

/**
 * Gives the browser a device cookie for the email it just signed in with (a new device id each
 * time). Called from route handlers (POST /api/user, NextAuth's credentials callback): Next adds
 * the cookie to their response.
 */
export async function rememberDevice(email: string): Promise<void> {
  const value = await new SignJWT({})
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(email)
    .setAudience(AUDIENCE)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(`${LIFETIME_SECONDS}s`)
    .sign(key());
  // `__Host-marquee-device` over https (lib/auth/cookie-names.ts).
  const secure = servedOverHttps(await requestHeaders());
  (await cookies()).set(cookieName(DEVICE_COOKIE, secure), value, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    maxAge: LIFETIME_SECONDS,
  });
}
