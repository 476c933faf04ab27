import "server-only";
// Device cookies (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): after a successful
// sign-in the browser gets a signed cookie naming the account's email and a random device id. While
// it is valid for the email being tried, login throttling counts that browser on its own allowance,
// so an attacker failing on purpose elsewhere cannot lock the owner out.
import { randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";
import { cookies } from "next/headers";
import { authSecret, env } from "@/lib/env";

const DEVICE_COOKIE = "marquee-device";
const LIFETIME_SECONDS = 365 * 24 * 60 * 60;
const AUDIENCE = "marquee-device";

const key = () => new TextEncoder().encode(authSecret());

function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The device id of the request's device cookie when it is valid for this email, else null. */
export async function trustedDeviceId(headers: Pick<Headers, "get">, email: string): Promise<string | null> {
  const value = readCookie(headers.get("cookie"), DEVICE_COOKIE);
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
  (await cookies()).set(DEVICE_COOKIE, value, {
    httpOnly: true,
    sameSite: "lax",
    secure: env.NEXTAUTH_URL?.startsWith("https://") ?? false,
    path: "/",
    maxAge: LIFETIME_SECONDS,
  });
}
