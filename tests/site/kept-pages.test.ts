// With the site's address configured (PUBLIC_URL, as in production), Next keeps the catalogue pages
// whole, and every client is served the kept copy: browsers, scripts, crawlers and link previewers
// alike, with the metadata in the <head> and headers a shared cache may keep (docs/architecture.md,
// "Caching" and "Search engines"). The suite's own app has no address; this file starts one that has.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startInstance, type Instance } from "../support/instances";
import { BROWSER_USER_AGENT } from "../support/http";

const PUBLIC_URL = "https://marquee.example.test";
let app: Instance;
let movieId: string;

beforeAll(async () => {
  // The suite's own app runs the scheduled jobs on this database.
  app = await startInstance({ PUBLIC_URL, JOBS_IN_APP: "false" });
  const list = (await (await fetch(`${app.baseUrl}/api/movie?limit=1`)).json()) as { movies: { _id: string }[] };
  movieId = list.movies[0]!._id;
}, 150_000);
afterAll(async () => {
  await app?.stop();
});

const CLIENTS = {
  browser: BROWSER_USER_AGENT,
  script: "curl/8.5.0",
  crawler: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "link previewer": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "another link previewer": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
};

const get = (path: string, userAgent: string) =>
  fetch(`${app.baseUrl}${path}`, { headers: { "user-agent": userAgent } });
const headOf = (html: string) => html.slice(0, html.indexOf("</head>"));
const metaIn = (head: string, attribute: string, name: string) =>
  new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`).exec(head)?.[1];

/**
 * The page as the client gets it once kept. Another test file's write may expire the catalogue's
 * tags at any moment and make one visit render the page anew: a few visits, not one.
 */
async function keptFor(path: string, userAgent: string): Promise<{ response: Response; html: string }> {
  for (let visit = 0; visit < 5; visit++) {
    const response = await get(path, userAgent);
    const html = await response.text();
    if (response.headers.get("x-nextjs-cache") === "HIT") return { response, html };
  }
  throw new Error(`${path} was never served kept to ${userAgent}`);
}

test("every client gets the kept home page, list, movie page and About us, metadata in the head, cacheable", async () => {
  for (const path of ["/", "/movies", `/movie/${movieId}`, "/about-us"]) {
    const descriptions = new Set<string | undefined>();
    for (const [client, userAgent] of Object.entries(CLIENTS)) {
      const { response, html } = await keptFor(path, userAgent);
      const where = `${path} for the ${client}`;
      expect(response.status, where).toBe(200);
      expect(response.headers.get("cache-control"), where).toMatch(/^s-maxage=\d+, stale-while-revalidate=\d+$/);
      const head = headOf(html);
      expect(head, where).toMatch(/<title>[^<]+<\/title>/);
      expect(metaIn(head, "property", "og:title"), where).toMatch(/\w/);
      descriptions.add(metaIn(head, "name", "description"));
    }
    // The same kept copy for everyone.
    expect([...descriptions], path).toHaveLength(1);
    expect([...descriptions][0], path).toMatch(/\w/);
  }
});

test("og:image and twitter:image on the home page, the list and About us are on PUBLIC_URL, whatever the request's address", async () => {
  for (const path of ["/", "/movies", "/about-us"]) {
    const { html } = await keptFor(path, BROWSER_USER_AGENT);
    const head = headOf(html);
    for (const [attribute, name] of [
      ["property", "og:image"],
      ["name", "twitter:image"],
    ] as const) {
      const url = metaIn(head, attribute, name);
      expect(url, `${path} ${name}`).toMatch(/^https:\/\/marquee\.example\.test\/opengraph-image\.png\?/);
      // The picture itself is served at that path.
      const picture = await fetch(`${app.baseUrl}${new URL(url!.replaceAll("&amp;", "&")).pathname}`);
      expect(picture.status, `${path} ${name}`).toBe(200);
      expect(picture.headers.get("content-type")).toBe("image/png");
    }
  }
});

test("a page rendered per request (a filtered list) has its metadata in the head for clients that read only the HTML", async () => {
  const path = "/movies?sort=rate";
  for (const [client, userAgent] of Object.entries(CLIENTS)) {
    if (client === "browser") continue;
    const response = await get(path, userAgent);
    expect(response.status, client).toBe(200);
    expect(response.headers.get("x-nextjs-cache"), client).toBeNull();
    expect(metaIn(headOf(await response.text()), "name", "description"), client).toBe(
      "Every movie in the Marquee catalogue, top rated first. Posters, cast and reviews; sign in to stream.",
    );
  }
  // A browser has it streamed after the first bytes (it runs the page): not in the head it was sent first.
  const browser = await (await get(path, BROWSER_USER_AGENT)).text();
  expect(metaIn(headOf(browser), "name", "description")).toBeUndefined();
  expect(browser).toContain(
    `content="Every movie in the Marquee catalogue, top rated first. Posters, cast and reviews; sign in to stream."`,
  );
});
