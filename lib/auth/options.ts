import "server-only";
// NextAuth configuration for the web UI. The session is a JWT in an httpOnly cookie, carrying the
// user id (`sub`), credentials version (`ver`) and the id of a Session row (`sid`, lib/auth/sessions.ts):
// getRequestUser() and /api/auth/session check all three against the database, so signing out, a
// password change or a deleted account ends the session, for every copy of the cookie.
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import { authSecret, env } from "@/lib/env";
import { DomainError } from "@/lib/errors";
import { alignNextAuthOrigin, requestOrigin } from "@/lib/http/public-url";
import { findOrCreateGoogleUser, INVALID_LOGIN } from "./accounts";
import { passkeyLoginSchema } from "@/lib/validation/account";
import { MAX_JSON_BODY_DEPTH, inspectJsonKeys } from "@/lib/validation/untrusted-keys";
import { loginSchema } from "@/lib/validation/user";
import { nextAuthCookies } from "./cookie-names";
import { GOOGLE_UNVERIFIED_PATH } from "./google";
import { authenticate } from "./login";
import { PASSKEY_SIGN_IN_FAILED, signInWithPasskey } from "./passkeys";
import { readGoogleState, redeemHandOverCode } from "./hand-over";
import { loadSessionUser, type SessionUser } from "./session-user";
import { endSession, extendSession, openSession, sessionUser } from "./sessions";
import { TOKEN_LIFETIME_SECONDS, verifyToken } from "./token";

// Sign-in and sign-out redirects go to the configured public URL, or else to the host the browser
// used (localhost, 127.0.0.1, a LAN name), never to NextAuth's http://localhost:3000 fallback.
alignNextAuthOrigin();

/** What a provider hands to the jwt callback. */
type SignedInUser = User & { credentialsVersion: number; isAdmin: boolean };

function toSignedInUser(user: Omit<SessionUser, "emailVerifiedAt">): SignedInUser {
  return {
    id: user.id,
    email: user.email,
    name: user.fullName,
    image: user.image || null,
    isAdmin: user.isAdmin,
    credentialsVersion: user.credentialsVersion,
  };
}

/**
 * Email and password, with the same checks, messages and rate limit as POST /api/user. A failed
 * sign-in throws; `signIn("credentials", { redirect: false })` then reports the message as `error`.
 */
const credentialsProvider = CredentialsProvider({
  id: "credentials",
  name: "Email and password",
  credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
  async authorize(credentials, request) {
    const parsed = loginSchema.safeParse(credentials ?? {});
    if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? INVALID_LOGIN);
    const headers = new Headers(request.headers as Record<string, string> | undefined);
    try {
      return toSignedInUser(await authenticate(parsed.data, { headers }));
    } catch (error) {
      if (error instanceof DomainError) throw new Error(error.message);
      throw error;
    }
  },
});

/**
 * A bearer token the server issued: the password page re-opens its session with the fresh token a
 * password change returns. (Never fed from a URL: `/login?data=` goes through the hand-over code.)
 */
const tokenProvider = CredentialsProvider({
  id: "token",
  name: "Token",
  credentials: { token: { label: "Token", type: "text" } },
  async authorize(credentials) {
    const claims = credentials?.token ? await verifyToken(credentials.token) : null;
    const user = claims && (await loadSessionUser(claims.userId, claims.version));
    return user ? toSignedInUser(user) : null;
  },
});

/**
 * Marquee's own `/login?data=&code=` hand-over (lib/auth/hand-over.ts): a one-time code from the
 * Google callback, accepted only from the browser that started that Google sign-in.
 */
const handOverProvider = CredentialsProvider({
  id: "handover",
  name: "Google hand-over",
  credentials: { code: { label: "Code", type: "text" } },
  async authorize(credentials, request) {
    const headers = new Headers(request.headers as Record<string, string> | undefined);
    const user = credentials?.code ? await redeemHandOverCode(credentials.code, readGoogleState(headers)) : null;
    return user ? toSignedInUser(user) : null;
  },
});

/**
 * A passkey (lib/auth/passkeys.ts): the browser's answer to a `sign-in` challenge from
 * POST /api/user/passkeys/authentication-options, as JSON. A refusal throws its message, which
 * `signIn("passkey", { redirect: false })` reports as `error`.
 */
const passkeyProvider = CredentialsProvider({
  id: "passkey",
  name: "Passkey",
  credentials: { response: { label: "Passkey response", type: "text" } },
  async authorize(credentials, request) {
    let response: unknown;
    try {
      response = JSON.parse(credentials?.response ?? "");
    } catch {
      throw new Error(PASSKEY_SIGN_IN_FAILED);
    }
    // The same bounds as a JSON body (lib/http/handler.ts): no prototype keys, no deep nesting.
    if (inspectJsonKeys(response, MAX_JSON_BODY_DEPTH)) throw new Error(PASSKEY_SIGN_IN_FAILED);
    const parsed = passkeyLoginSchema.safeParse({ response });
    if (!parsed.success) throw new Error(PASSKEY_SIGN_IN_FAILED);
    const headers = new Headers(request.headers as Record<string, string> | undefined);
    // The relying party is the address the browser used, as for every other answer (lib/http/public-url.ts).
    const origin = requestOrigin(headers);
    try {
      return toSignedInUser(await signInWithPasskey(parsed.data.response, { headers, url: origin }));
    } catch (error) {
      if (error instanceof DomainError) throw new Error(error.message);
      throw error;
    }
  },
});

const googleProvider =
  env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
    ? GoogleProvider({
        clientId: env.GOOGLE_CLIENT_ID,
        clientSecret: env.GOOGLE_CLIENT_SECRET,
        // Google's, unless GOOGLE_ISSUER names another OpenID Connect provider (tests, self-hosted).
        issuer: env.GOOGLE_ISSUER,
        wellKnown: `${env.GOOGLE_ISSUER}/.well-known/openid-configuration`,
      })
    : null;

/** Thrown by the jwt callback for a cookie whose session has ended: NextAuth then answers no session and clears the cookie. */
class SessionEndedError extends Error {
  override name = "SessionEndedError";
}

const authOptions: NextAuthOptions = {
  // Read when NextAuth needs it, not at import: `next build` imports this module and must not
  // generate a secret.
  get secret() {
    return authSecret();
  },
  session: { strategy: "jwt", maxAge: TOKEN_LIFETIME_SECONDS },
  jwt: { maxAge: TOKEN_LIFETIME_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    credentialsProvider,
    tokenProvider,
    handOverProvider,
    passkeyProvider,
    ...(googleProvider ? [googleProvider] : []),
  ],
  events: {
    // The signout route decodes the cookie and hands us its token: its session row goes.
    async signOut({ token }) {
      await endSession(token?.sid);
    },
  },
  logger: {
    error(code, metadata) {
      if (metadata instanceof SessionEndedError) return; // an ended session is expected, not an error
      console.error(`[next-auth][error][${code}]`, metadata);
    },
    warn(code) {
      console.warn(`[next-auth][warn][${code}]`);
    },
  },
  callbacks: {
    async jwt({ token, user, account }) {
      if (!user) {
        // A later read of the session (/api/auth/session): it must still be live, for a user who
        // still exists with the same credentials.
        const live =
          typeof token.sub === "string" && typeof token.ver === "number"
            ? await sessionUser(token.sid, token.sub, token.ver)
            : null;
        if (!live || !(await extendSession(token.sid as string, live.id)))
          throw new SessionEndedError("The session has ended");
        return { ...token, name: live.fullName, email: live.email, picture: live.image || null };
      }
      // Google's user id is Google's; the session must carry ours.
      const signedIn =
        account?.provider === "google"
          ? toSignedInUser(
              await findOrCreateGoogleUser({ email: user.email ?? "", name: user.name, image: user.image }),
            )
          : (user as SignedInUser);
      const sid = await openSession(signedIn.id);
      // `adm` lets proxy.ts route optimistically without the database; nothing authorizes by it.
      return {
        ...token,
        sub: signedIn.id,
        ver: signedIn.credentialsVersion,
        sid,
        adm: signedIn.isAdmin,
        name: signedIn.name,
        email: signedIn.email,
        picture: signedIn.image,
      };
    },
    // NextAuth's own default, but without its throw: a callbackUrl (body, query or cookie) that does
    // not parse as a URL goes home instead of answering 500 (lib/auth/nextauth-route.ts refuses it first).
    redirect({ url, baseUrl }) {
      if (typeof url !== "string") return baseUrl;
      if (url.startsWith("/")) return `${baseUrl}${url}`;
      return URL.canParse(url) && new URL(url).origin === baseUrl ? url : baseUrl;
    },
    session({ session, token }) {
      // For client components only; the server trusts getRequestUser(), which rereads the user.
      if (session.user) Object.assign(session.user, { id: token.sub });
      return session;
    },
    signIn({ user, account, profile }) {
      // Users are matched by email, so only an address Google has verified may open an account:
      // anything else would let someone sign in as the owner of an email they do not control.
      if (account?.provider !== "google") return true;
      const verified = (profile as { email_verified?: boolean } | undefined)?.email_verified === true;
      return (Boolean(user.email) && verified) || GOOGLE_UNVERIFIED_PATH;
    },
  },
};

const optionsByScheme = new Map<boolean, NextAuthOptions>();

/**
 * The options for a request served over https (`secure`) or http: the same but for the cookies'
 * names (lib/auth/cookie-names.ts). Built on first use, not at import (the secret is read then).
 */
export function authOptionsFor(secure: boolean): NextAuthOptions {
  let options = optionsByScheme.get(secure);
  if (!options) {
    options = { ...authOptions, useSecureCookies: secure, cookies: nextAuthCookies(secure) };
    optionsByScheme.set(secure, options);
  }
  return options;
}
