// The outside services Marquee's account flows talk to, run for the tests on loopback:
// - a mail server (smtp-server): the app sends over real SMTP to SMTP_URL, and every message it
//   accepts is kept as an .eml file in TEST_MAIL_DIR/<recipient>/, which tests/support/mail.ts reads;
// - an OpenID Connect provider (oidc-provider) standing in for Google: GOOGLE_ISSUER points the app's
//   Google sign-in at it. Its sign-in page lets a test say who signs in (email, name, picture, and
//   whether the email is verified) and can also be cancelled, as Google's consent screen can.
// scripts/test.ts starts them once, before the apps, and adds `env` to every tier's environment.
import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import Provider from "oidc-provider";
import { SMTPServer } from "smtp-server";
import { mailboxFolder } from "./mail";

export const TEST_GOOGLE_CLIENT_ID = "marquee-test-client";
const TEST_GOOGLE_CLIENT_SECRET = "marquee-test-client-secret-of-some-length";

export type TestServices = { env: Record<string, string>; stop: () => Promise<void> };

/** Starts both services; `work` is the test run's scratch folder. */
export async function startTestServices(work: string): Promise<TestServices> {
  const mailDir = path.join(work, "mail");
  const [mail, identity] = await Promise.all([startMailSink(mailDir), startIdentityProvider()]);
  return {
    env: {
      SMTP_URL: mail.url,
      MAIL_FROM: "Marquee <no-reply@marquee.test>",
      MAIL_REPLY_TO: "Marquee help <help@marquee.test>",
      TEST_MAIL_DIR: mailDir,
      GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
      GOOGLE_CLIENT_SECRET: TEST_GOOGLE_CLIENT_SECRET,
      GOOGLE_ISSUER: identity.issuer,
    },
    stop: async () => {
      await Promise.all([mail.close(), identity.close()]);
    },
  };
}

/** An SMTP server that accepts every message (no auth, no TLS) and files a copy per recipient. */
async function startMailSink(mailDir: string): Promise<{ url: string; close: () => Promise<void> }> {
  fs.mkdirSync(mailDir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        // Sortable names: the order messages arrived is the order tests read them.
        const name = `${String(Date.now()).padStart(15, "0")}-${String(++received).padStart(6, "0")}.eml`;
        for (const { address } of session.envelope.rcptTo) {
          const folder = mailboxFolder(mailDir, address);
          fs.mkdirSync(folder, { recursive: true });
          // Written under a temporary name, then renamed: a reader never sees half a message.
          fs.writeFileSync(path.join(folder, `${name}.part`), raw);
          fs.renameSync(path.join(folder, `${name}.part`), path.join(folder, name));
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

type Person = { email: string; name: string; picture: string; email_verified: boolean };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function signInPage(uid: string, clientId: string): string {
  const field = (label: string, name: string, type = "text") =>
    `<p><label for="${name}">${label}</label><br><input id="${name}" name="${name}" type="${type}"></p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test identity provider</title></head>
<body><main>
<h1>Sign in to the test identity provider</h1>
<p>${escapeHtml(clientId)} wants your email address, name and picture.</p>
<form method="post" action="/interaction/${uid}/login">
${field("Email", "email", "email")}
${field("Name", "name")}
${field("Picture URL", "picture", "url")}
<p><input id="email_verified" name="email_verified" type="checkbox" checked> <label for="email_verified">The provider has verified this email</label></p>
<p><button type="submit">Continue</button></p>
</form>
<form method="post" action="/interaction/${uid}/deny"><p><button type="submit">Cancel</button></p></form>
</main></body></html>`;
}

async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

/**
 * oidc-provider's storage for sessions, codes and grants, in this process's memory: what its built-in
 * development adapter does, without its warning that production needs another (this is a test).
 */
class MemoryAdapter {
  private static readonly store = new Map<string, Record<string, unknown>>();
  constructor(private readonly model: string) {}
  private key = (id: string) => `${this.model}:${id}`;
  upsert(id: string, payload: Record<string, unknown>) {
    MemoryAdapter.store.set(this.key(id), payload);
    if (typeof payload.uid === "string") MemoryAdapter.store.set(this.key(`uid:${payload.uid}`), payload);
    return Promise.resolve();
  }
  find(id: string) {
    return Promise.resolve(MemoryAdapter.store.get(this.key(id)));
  }
  findByUid(uid: string) {
    return Promise.resolve(MemoryAdapter.store.get(this.key(`uid:${uid}`)));
  }
  findByUserCode() {
    return Promise.resolve(undefined);
  }
  consume(id: string) {
    const payload = MemoryAdapter.store.get(this.key(id));
    if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    return Promise.resolve();
  }
  destroy(id: string) {
    MemoryAdapter.store.delete(this.key(id));
    return Promise.resolve();
  }
  revokeByGrantId(grantId: string) {
    for (const [key, payload] of MemoryAdapter.store) if (payload.grantId === grantId) MemoryAdapter.store.delete(key);
    return Promise.resolve();
  }
}

/** An OpenID Connect provider on loopback with one client: the app, on whatever loopback port it listens. */
async function startIdentityProvider(): Promise<{ issuer: string; close: () => Promise<void> }> {
  // The issuer must be known before the provider exists: reserve the port by listening first.
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** Who signed in, by account id (like Google's `sub`: stable for an email). */
  const people = new Map<string, Person>();
  const signingKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_GOOGLE_CLIENT_ID,
        client_secret: TEST_GOOGLE_CLIENT_SECRET,
        // A native client's loopback redirect URIs match on any port (RFC 8252), so the test apps'
        // random ports need no registration; `localhost` serves the passkey tests' address.
        application_type: "native",
        redirect_uris: ["http://127.0.0.1/api/auth/callback/google", "http://localhost/api/auth/callback/google"],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      },
    ],
    adapter: MemoryAdapter,
    // Lifetimes of the provider's artifacts, in seconds (it asks for them to be chosen).
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 3600, IdToken: 600, Interaction: 600, Session: 3600 },
    jwks: { keys: [{ ...signingKey, kid: "test-signing-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture"] },
    // As Google does: the ID token carries the profile, which NextAuth's Google provider reads from it.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = people.get(sub);
      return person && { accountId: sub, claims: () => ({ sub, ...person }) };
    },
  });

  provider.use(async (ctx, next) => {
    const match = /^\/interaction\/([^/]+)(?:\/(login|deny))?$/.exec(ctx.path);
    if (!match) return next();
    const [, uid, action] = match;
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (!action && ctx.method === "GET") {
      ctx.type = "html";
      ctx.body = signInPage(uid!, details.params.client_id ?? "");
      return;
    }
    if (ctx.method !== "POST") return next();
    ctx.respond = false; // interactionFinished writes the redirect itself
    if (action === "deny") {
      await provider.interactionFinished(ctx.req, ctx.res, {
        error: "access_denied",
        error_description: "The user cancelled the sign-in",
      });
      return;
    }
    const form = await readForm(ctx.req);
    const email = (form.get("email") ?? "").trim().toLowerCase();
    const accountId = `test-${createHash("sha256").update(email).digest("hex").slice(0, 20)}`;
    people.set(accountId, {
      email,
      name: form.get("name") ?? "",
      picture: form.get("picture") ?? "",
      email_verified: form.get("email_verified") === "on",
    });
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id ?? "" });
    grant.addOIDCScope("openid email profile");
    await provider.interactionFinished(
      ctx.req,
      ctx.res,
      { login: { accountId }, consent: { grantId: await grant.save() } },
      { mergeWithLastSubmission: false },
    );
  });

  server.on("request", provider.callback());
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
