// Bearer tokens for API clients: a signed JWT (HS256) carrying the user id and the user's
// credentials version, valid 30 days. Changing the password bumps the version, which kills every
// older token; deleting the account kills them because the user is gone.
import { SignJWT, jwtVerify } from "jose";
import { authSecret } from "@/lib/env";

export const TOKEN_LIFETIME_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = "marquee";

const key = () => new TextEncoder().encode(authSecret());

export type TokenClaims = { userId: string; version: number };

export function signToken(user: { id: string; credentialsVersion: number }): Promise<string> {
  return new SignJWT({ ver: user.credentialsVersion })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${TOKEN_LIFETIME_SECONDS}s`)
    .sign(key());
}

/** The token's claims, or null when it is malformed, forged or expired. */
export async function verifyToken(token: string): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(), { issuer: ISSUER, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.ver !== "number") return null;
    return { userId: payload.sub, version: payload.ver };
  } catch {
    return null;
  }
}
