// Issue 8's request hardening, each defence as a client meets it (docs/security.md lists them).
import { describe, expect, test } from "vitest";
import { createPrismaClient } from "@/lib/database/prisma";
import { api, baseUrl } from "../support/http";
import { createTestMovie, uniqueName } from "../support/catalogue";
import { endlessChunks, rawRequest, requestHead } from "../support/raw-http";
import { sessionCookie } from "../support/session";
import { ADMIN, adminToken, freshIp, freshUser, uniqueEmail } from "../support/users";

const db = createPrismaClient(process.env.DATABASE_URL!);
const TOO_LARGE = { message: "Request body is too large (at most 1 MB)" };

describe("JSON bodies are capped at 1 MB", () => {
  test("a declared body over the cap is 413 and creates nothing", async () => {
    const email = uniqueEmail("huge");
    const raw = JSON.stringify({ fullName: "x".repeat(1024 * 1024), email, password: "secret1" });
    expect(
      await api("POST", "/api/user/register", { raw, headers: { "content-type": "application/json" } }),
    ).toMatchObject({ status: 413, body: TOO_LARGE });
    expect(await db.user.count({ where: { email } })).toBe(0);
  });

  test("a chunked body without Content-Length is cut off at the cap: 413 before it ends", async () => {
    const head = requestHead("POST", "/api/user/register", {
      "Content-Type": "application/json",
      "Transfer-Encoding": "chunked",
    });
    // 16 MB offered; the server answers after reading a little over 1 MB.
    const answer = await rawRequest(head, endlessChunks(64 * 1024, 256));
    expect(answer.status).toBe(413);
    expect(answer.body).toContain(TOO_LARGE.message);
  });

  test("a body just under the cap is still read and validated", async () => {
    const raw = JSON.stringify({ fullName: "x".repeat(1000 * 1000), email: uniqueEmail("big"), password: "secret1" });
    expect(
      await api("POST", "/api/user/register", { raw, headers: { "content-type": "application/json" } }),
    ).toMatchObject({
      status: 400,
      body: { message: "Full name must be at most 100 characters" },
    });
  });
});

test("a path whose percent-encoding is not UTF-8 is a client error, not Next.js's bare 500", async () => {
  for (const path of ["/api/movie/%ED%A0%80", "/api/category/%FF", "/api/upload/image/%C3"]) {
    expect(await api("GET", path), path).toMatchObject({ status: 400, body: { message: "Malformed URL path" } });
  }
  const page = await fetch(`${baseUrl}/movie/%ED%A0%80`);
  expect(page.status).toBe(404);
  expect(await page.text()).toContain("Page not found");
});

describe("NextAuth's routes get the same guards", () => {
  test.each(["％", "\u0000", "javascript:alert(1)", "not a url"])(
    "callbackUrl=%j is a 400, not NextAuth's 500",
    async (callbackUrl) => {
      expect(await api("GET", `/api/auth/session?callbackUrl=${encodeURIComponent(callbackUrl)}`)).toMatchObject({
        status: 400,
        body: { message: "callbackUrl must be a path on this site or an http(s) URL" },
      });
    },
  );

  test("a path or an http(s) URL still works", async () => {
    for (const callbackUrl of ["/favorite", baseUrl])
      expect((await api("GET", `/api/auth/session?callbackUrl=${encodeURIComponent(callbackUrl)}`)).status).toBe(200);
  });

  // From the site's own page (Origin): a POST from anywhere else is refused first (tests/api/login-csrf.test.ts).
  test("a body over 1 MB is 413; malformed JSON is 400", async () => {
    const form = new URLSearchParams({ email: "a@b.co", password: "x".repeat(1024 * 1024) }).toString();
    expect(
      await api("POST", "/api/auth/callback/credentials", {
        raw: form,
        headers: { "content-type": "application/x-www-form-urlencoded", origin: baseUrl },
      }),
    ).toMatchObject({ status: 413, body: TOO_LARGE });
    expect(
      await api("POST", "/api/auth/callback/credentials", {
        raw: '{"email":',
        headers: { "content-type": "application/json", origin: baseUrl },
      }),
    ).toMatchObject({ status: 400, body: { message: "Invalid JSON body" } });
  });

  describe("a callbackUrl that does not parse, in the query, the body or the cookie, is a 400, never a 500", () => {
    const INVALID = { status: 400, body: { message: "callbackUrl must be a path on this site or an http(s) URL" } };
    const site = new URL(baseUrl);
    // A port that runs into a domain: it looks like this site's address, but no URL parser accepts it.
    const lookalike = `http://${site.hostname}:${site.port}.evil.example/`;
    const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]!);

    /** The login form's POST, with a valid csrf token, from the site's own page. */
    async function signIn(body: (csrfToken: string) => { raw: string; type: string }, query = "", cookie = "") {
      const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const { raw, type } = body(csrfToken);
      return api("POST", `/api/auth/callback/credentials${query}`, {
        raw,
        headers: {
          "content-type": type,
          origin: baseUrl,
          cookie: [...cookiesOf(csrf), ...(cookie ? [cookie] : [])].join("; "),
          "x-forwarded-for": freshIp(),
        },
      });
    }
    const form = (fields: Record<string, string>) => (csrfToken: string) => ({
      raw: new URLSearchParams({
        email: "nobody@example.com",
        password: "wrong-pw",
        csrfToken,
        json: "true",
        ...fields,
      }).toString(),
      type: "application/x-www-form-urlencoded",
    });
    const json = (fields: Record<string, unknown>) => (csrfToken: string) => ({
      raw: JSON.stringify({ email: "nobody@example.com", password: "wrong-pw", csrfToken, json: "true", ...fields }),
      type: "application/json",
    });

    test.each([lookalike, "not a url", "http://[::1", "％"])("in a form body: %j", async (callbackUrl) => {
      expect(await signIn(form({ callbackUrl }))).toMatchObject(INVALID);
    });

    test.each([lookalike, 42, { href: baseUrl }, ["/"]])("in a JSON body: %j", async (callbackUrl) => {
      expect(await signIn(json({ callbackUrl }))).toMatchObject(INVALID);
    });

    test("in the query and the cookie", async () => {
      expect(await signIn(form({}), `?callbackUrl=${encodeURIComponent(lookalike)}`)).toMatchObject(INVALID);
      expect(await api("GET", `/api/auth/session?callbackUrl=${encodeURIComponent(lookalike)}`)).toMatchObject(INVALID);
      const fromCookie = await signIn(form({}), "", `next-auth.callback-url=${encodeURIComponent(lookalike)}`);
      expect(fromCookie).toMatchObject(INVALID);
      expect(fromCookie.headers.getSetCookie()).toEqual([
        "next-auth.callback-url=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax",
      ]);
    });

    test("this site's own address, a path or another site's still sign in or fail as the credentials say", async () => {
      for (const callbackUrl of [baseUrl, "/favorite", "https://elsewhere.example/"])
        expect(await signIn(form({ callbackUrl })), callbackUrl).toMatchObject({
          status: 401,
          body: { url: expect.stringContaining("error=") },
        });
    });
  });
});

describe("control characters are a 400 naming the field, never a database error", () => {
  test.each([
    ["search", "%00"],
    ["language", "%00"],
    ["category", "a%00"],
    ["search", "%1B%5B2J"],
  ])("GET /api/movie?%s=%s", async (field, value) => {
    expect(await api("GET", `/api/movie?${field}=${value}`)).toMatchObject({
      status: 400,
      body: {
        message: `${field} must not contain control characters`,
        errors: { [field]: [`${field} must not contain control characters`] },
      },
    });
  });

  test("in every kind of body text: names, review, category, movie and cast", async () => {
    const user = await freshUser("nul");
    const admin = await adminToken();
    const movie = await createTestMovie();
    const cases: [string, string, string | undefined, Record<string, unknown>, string][] = [
      [
        "POST",
        "/api/user/register",
        undefined,
        { fullName: "Nul\u0000Name", email: uniqueEmail("nul"), password: "secret1" },
        "fullName",
      ],
      ["PUT", "/api/user", user.token, { fullName: "Nul\u0000Name", email: user.email }, "fullName"],
      ["POST", `/api/movie/review/${movie._id}`, user.token, { rating: 4, message: "Lovely\u0000film" }, "message"],
      ["POST", "/api/category", admin, { name: "Nul\u0000Category" }, "name"],
      ["PUT", `/api/movie/${movie._id}`, admin, { name: "Nul\u0000Movie" }, "name"],
      [
        "PUT",
        `/api/movie/${movie._id}`,
        admin,
        { casts: [{ name: "Nul\u0000Actor", image: "/api/upload/image/a.webp" }] },
        "casts.0.name",
      ],
    ];
    for (const [method, path, token, body, field] of cases) {
      const name = field.split(".").at(-1)!;
      expect(await api(method, path, { token, body }), `${method} ${path}`).toMatchObject({
        status: 400,
        body: {
          message: `${name} must not contain control characters`,
          errors: { [field]: [`${name} must not contain control characters`] },
        },
      });
    }
    expect((await api("GET", `/api/movie/${movie._id}`)).body).toMatchObject({ name: movie.name, countReviews: 0 });
  });

  test("a search term with a NUL in the listing page's path shows the 404 page, not an error", async () => {
    const response = await fetch(`${baseUrl}/movies/a%00b`);
    // The listing streams (loading.tsx), so the status is sent before the page decides.
    expect(response.status).toBeLessThan(500);
    const html = await response.text();
    expect(html).toContain("Page not found");
    expect(html).not.toContain("Something went wrong");
  });
});

describe("search folds full-width characters before escaping LIKE wildcards", () => {
  test.each(["％", "＿", "%", "_", "％％", "＿＿＿"])(
    "search=%s is literal: it matches no seeded movie",
    async (term) => {
      const response = await api("GET", `/api/movie?search=${encodeURIComponent(term)}`);
      expect(response).toMatchObject({ status: 200, body: { moviesCount: 0, movies: [] } });
    },
  );

  test("a full-width percent finds a name with the ASCII one", async () => {
    const name = uniqueName("Pure 100% Fun");
    const movie = await createTestMovie({ name });
    const response = await api(
      "GET",
      `/api/movie?search=${encodeURIComponent(`１００％ ｆｕｎ ${name.split(" ").at(-1)}`)}`,
    );
    expect(response.body.movies.map((m: { _id: string }) => m._id)).toEqual([movie._id]);
  });
});

describe("client address for the per-IP login limit (TRUST_PROXY=1 in tests)", () => {
  test("only the entry the trusted proxy appended counts: made-up entries to its left change nothing", async () => {
    const proxySaw = freshIp();
    const attempt = (i: number) =>
      api("POST", "/api/user", {
        body: { email: uniqueEmail(`ip${i}`), password: "wrong-pw" },
        headers: { "x-forwarded-for": `203.0.113.${i}, ${proxySaw}` },
      });
    for (let i = 0; i < 10; i++) expect((await attempt(i)).status).toBe(400);
    const blocked = await attempt(10);
    expect(blocked).toMatchObject({
      status: 429,
      body: { message: "Too many login attempts, please try again later" },
    });
  });
});

describe("cross-site requests with the session cookie", () => {
  const foreign = "http://127.0.0.1:1"; // another port of the same host: same site, other origin
  const cookie = sessionCookie(ADMIN);
  const create = async (headers: Record<string, string>, raw = JSON.stringify({ name: uniqueName("Csrf") })) => {
    const response = await api("POST", "/api/category", { raw, headers: { cookie: await cookie, ...headers } });
    return response;
  };

  test.each([
    ["text/plain from another origin", { "content-type": "text/plain", origin: foreign }],
    ["JSON from another origin", { "content-type": "application/json", origin: foreign }],
    ["text/plain from the app itself", { "content-type": "text/plain", origin: baseUrl }],
    ["form-encoded from the app itself", { "content-type": "application/x-www-form-urlencoded", origin: baseUrl }],
    ["JSON with no Origin and no Sec-Fetch-Site", { "content-type": "application/json" }],
    ["JSON with Origin null", { "content-type": "application/json", origin: "null" }],
    ["JSON from a cross-site fetch", { "content-type": "application/json", "sec-fetch-site": "same-site" }],
  ])("%s: 403, nothing created", async (_case, headers) => {
    const name = uniqueName("Csrf");
    expect(await create(headers, JSON.stringify({ name }))).toMatchObject({
      status: 403,
      body: { message: "Cross-site request refused" },
    });
    expect(await db.category.count({ where: { name } })).toBe(0);
  });

  test.each([
    ["JSON from the app itself", { "content-type": "application/json", origin: baseUrl }],
    ["JSON with Sec-Fetch-Site same-origin", { "content-type": "application/json", "sec-fetch-site": "same-origin" }],
    ["JSON from an origin in CORS_ORIGINS", { "content-type": "application/json", origin: "http://spa.example.test" }],
  ])("%s: allowed", async (_case, headers) => {
    expect((await create(headers)).status).toBe(201);
  });

  test("a request without a body needs no content type, only the origin", async () => {
    const path = "/api/user/favorite/00000000-0000-4000-8000-000000000000";
    expect((await api("DELETE", path, { headers: { cookie: await cookie, origin: baseUrl } })).status).toBe(200);
    expect((await api("DELETE", path, { headers: { cookie: await cookie, origin: foreign } })).status).toBe(403);
  });

  test("Bearer requests are unaffected, whatever their origin and content type", async () => {
    const response = await api("POST", "/api/category", {
      token: await adminToken(),
      raw: JSON.stringify({ name: uniqueName("Bearer") }),
      headers: { "content-type": "text/plain", origin: foreign },
    });
    expect(response.status).toBe(201);
  });
});

describe("security headers", () => {
  const STATIC = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy":
      "camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self), picture-in-picture=(self)",
  };
  const headersOf = (response: Response) =>
    Object.fromEntries(Object.keys(STATIC).map((name) => [name, response.headers.get(name)]));

  test("cacheable pages: a policy without nonce that still forbids framing, plugins and foreign scripts", async () => {
    for (const path of ["/", "/movies", "/about-us", "/no-such-page"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(headersOf(response), path).toEqual(STATIC);
      const policy = response.headers.get("content-security-policy")!;
      expect(policy, path).toContain("script-src 'self' 'unsafe-inline';");
      expect(policy).not.toContain("nonce-");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  test("per-request pages: a fresh nonce each time, on every script Next.js renders", async () => {
    const nonces = new Set<string>();
    for (const path of ["/login", "/login", "/register"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(headersOf(response)).toEqual(STATIC);
      const policy = response.headers.get("content-security-policy")!;
      const nonce = /'nonce-([^']+)' 'strict-dynamic'/.exec(policy)?.[1];
      expect(nonce, policy).toBeDefined();
      nonces.add(nonce!);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
  });

  test("API answers carry the static headers and a policy that allows nothing", async () => {
    for (const path of ["/api/movie", "/api/category/not-an-id", "/api/upload/image/missing.png"]) {
      const response = await fetch(`${baseUrl}${path}`);
      expect(headersOf(response), path).toEqual(STATIC);
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; frame-ancestors 'none'");
    }
  });

  test("HSTS only when the request came over https (as the TLS-terminating proxy reports)", async () => {
    for (const path of ["/", "/api/movie"]) {
      const https = await fetch(`${baseUrl}${path}`, { headers: { "x-forwarded-proto": "https" } });
      expect(https.headers.get("strict-transport-security"), path).toBe("max-age=31536000");
      expect((await fetch(`${baseUrl}${path}`)).headers.get("strict-transport-security")).toBeNull();
    }
  });
});
