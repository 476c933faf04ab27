import "server-only";
// NextAuth configuration for the web UI. The session is a JWT in an httpOnly cookie, carrying the
// user id (`sub`) and credentials version (`ver`): getRequestUser() reads exactly these and checks
// the version against the database, so a password change or a deleted account ends the session.
import type { NextAuthOptions, User } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import GoogleProvider from "next-auth/providers/google";
import { authSecret, env } from "@/lib/env";
import { clientIp } from "@/lib/http/client-ip";
import { HttpError } from "@/lib/http/errors";
import { authenticate, findOrCreateGoogleUser, INVALID_LOGIN } from "@/lib/data/users";
import { loginSchema } from "@/lib/validation/user";
import { loadSessionUser } from "./session-user";
import { TOKEN_LIFETIME_SECONDS, verifyToken } from "./token";

/** What a provider hands to the jwt callback. */
type SignedInUser = User & { credentialsVersion: number; isAdmin: boolean };

function toSignedInUser(user: { id: string; email: string; fullName: string; image: string; isAdmin: boolean; credentialsVersion: number }): SignedInUser {
  return { id: user.id, email: user.email, name: user.fullName, image: user.image || null, isAdmin: user.isAdmin, credentialsVersion: user.credentialsVersion };
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
      return toSignedInUser(await authenticate(parsed.data, clientIp({ headers })));
    } catch (error) {
      if (error instanceof HttpError) throw new Error(error.message);
      throw error;
    }
  },
});

/**
 * A bearer token the server issued (the `/login?data=` hand-over after Google sign-in for the
 * original client): opens a web session for its user if the token still verifies.
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

const googleProvider =
  env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? GoogleProvider({ clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET }) : null;

export const authOptions: NextAuthOptions = {
  // Read when NextAuth needs it, not at import: `next build` imports this module and must not
  // generate a secret.
  get secret() {
    return authSecret();
  },
  session: { strategy: "jwt", maxAge: TOKEN_LIFETIME_SECONDS },
  jwt: { maxAge: TOKEN_LIFETIME_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [credentialsProvider, tokenProvider, ...(googleProvider ? [googleProvider] : [])],
  callbacks: {
    async jwt({ token, user, account }) {
      if (!user) return token; // a later request: the token already carries sub and ver
      // Google's user id is Google's; the session must carry ours.
      const signedIn =
        account?.provider === "google"
          ? toSignedInUser(await findOrCreateGoogleUser({ email: user.email ?? "", name: user.name, image: user.image }))
          : (user as SignedInUser);
      // `adm` lets proxy.ts route optimistically without the database; nothing authorizes by it.
      return { ...token, sub: signedIn.id, ver: signedIn.credentialsVersion, adm: signedIn.isAdmin, name: signedIn.name, email: signedIn.email, picture: signedIn.image };
    },
    async session({ session, token }) {
      // For client components only; the server trusts getRequestUser(), which rereads the user.
      if (session.user) Object.assign(session.user, { id: token.sub });
      return session;
    },
    async signIn({ user, account, profile }) {
      // Users are matched by email, so only an address Google has verified may open an account:
      // anything else would let someone sign in as the owner of an email they do not control.
      if (account?.provider === "google") return Boolean(user.email) && (profile as { email_verified?: boolean } | undefined)?.email_verified === true;
      return true;
    },
  },
};
