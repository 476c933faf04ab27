import http from "node:http";
import { expect, test } from "vitest";
import { absolute, api, baseUrl, browserFetch } from "../support/http";
import { createTestCategory, createTestMovie } from "../support/catalogue";

/** The page's <head> as sent: metadata must be there, not streamed into <body> (crawlers, previews, Lighthouse read the head). */
async function headOf(path: string): Promise<string> {
  const response = await api("GET", path);
  expect(response.status).toBe(200);
  return headIn(String(response.body));
}
const headIn = (html: string) => html.slice(0, html.indexOf("</head>"));
const descriptionIn = (head: string) => /<meta name="description" content="([^"]*)"/.exec(head)?.[1];

test("robots.txt lets crawlers into the catalogue, keeps them out of the API, accounts and admin, and names the sitemap", async () => {
  const response = await api("GET", "/robots.txt");
  expect(response.status).toBe(200);
  const lines = String(response.body)
    .split("\n")
    .map((line) => line.trim());
  expect(lines).toEqual(
    expect.arrayContaining([
      "User-Agent: *",
      "Allow: /",
      "Disallow: /api/",
      "Disallow: /admin",
      "Disallow: /profile",
      "Disallow: /movies-catalogue",
      `Sitemap: ${baseUrl}/sitemap.xml`,
    ]),
  );
});

test("the sitemap lists the public pages and every movie, a new one included", async () => {
  const movie = await createTestMovie();
  const seeded = (await api("GET", "/api/movie?limit=1&page=3")).body.movies[0] as { _id: string };
  const response = await api("GET", "/sitemap.xml");
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("xml");
  const urls = [...String(response.body).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  expect(urls).toEqual(
    expect.arrayContaining([
      `${baseUrl}/`,
      `${baseUrl}/movies`,
      `${baseUrl}/about-us`,
      `${baseUrl}/contact`,
      `${baseUrl}/movie/${movie._id}`,
    ]),
  );
  expect(urls).toContain(`${baseUrl}/movie/${seeded._id}`);
});

test("a movie page: absolute canonical, og:url and og:site_name, a description cut at a word, JSON-LD with url, datePublished and a language code", async () => {
  const desc =
    "A lighthouse keeper finds a stranger on the rocks after the storm, and every night after that the lamp shows a ship that sank a hundred years ago, until the village remembers why.";
  const movie = await createTestMovie({ desc, language: "French", year: 2019 });
  const response = await api("GET", `/movie/${movie._id}`);
  expect(response.status).toBe(200);
  const html = String(response.body);
  const url = `${baseUrl}/movie/${movie._id}`;
  expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
  expect(html).toContain(`<meta property="og:url" content="${url}"/>`);
  expect(html).toContain(`<meta property="og:site_name" content="Marquee"/>`);
  const description = descriptionIn(await headOf(`/movie/${movie._id}`));
  expect(description).toBe(
    "A lighthouse keeper finds a stranger on the rocks after the storm, and every night after that the lamp shows a ship that sank a hundred years ago, until the…",
  );
  expect(description!.length).toBeLessThanOrEqual(160);
  const jsonLd = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)![1]!) as Record<
    string,
    unknown
  >;
  expect(jsonLd).toMatchObject({ "@type": "Movie", url, inLanguage: "fr", datePublished: "2019" });
  expect(html).not.toContain("trailers");
});

test("the listing's description, in the head, says what it lists: every movie, or the search and filters in words", async () => {
  expect(descriptionIn(await headOf("/movies"))).toBe(
    "Every movie in the Marquee catalogue. Posters, cast and reviews; sign in to stream.",
  );
  const category = await createTestCategory();
  expect(
    descriptionIn(await headOf(`/movies?category=${category._id}&language=French&year=2019&rate=4&sort=rate&page=2`)),
  ).toBe(
    `${category.name} movies in French from 2019, rated 4 stars and up, in the Marquee catalogue, top rated first. Page 2.`, // the closing line no longer fits in 160 characters
  );
  expect(descriptionIn(await headOf("/movies/lighthouse?time=2"))).toBe(
    "Movies matching “lighthouse”, 2 hours long, in the Marquee catalogue. Posters, cast and reviews; sign in to stream.",
  );
});

test("without a configured address, og:image and twitter:image are on the address the request was made to, in the head for clients that read only the HTML", async () => {
  const port = new URL(baseUrl).port;
  for (const path of ["/", "/movies", "/about-us"]) {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      // Node's http client sends the Host header it is given, and its User-Agent is not a browser's.
      const { status, body } = await getWithHost(`${baseUrl}${path}`, host);
      expect(status, `${path} at ${host}`).toBe(200);
      const head = headIn(body);
      for (const tag of [/<meta property="og:image" content="([^"]*)"/, /<meta name="twitter:image" content="([^"]*)"/])
        expect(tag.exec(head)?.[1], `${path} at ${host}`).toMatch(
          new RegExp(`^http://${host.replaceAll(".", String.raw`\.`)}/opengraph-image\\.png\\?`),
        );
    }
  }
  // Each page is rendered for its request then: none is kept, for any address (tests/site/kept-pages
  // checks the pages kept with an address configured).
  const page = await browserFetch(absolute("/movies"));
  expect(page.headers.get("x-nextjs-cache")).toBeNull();
  expect(page.headers.get("cache-control")).toContain("no-store");
});

function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on("error", reject);
  });
}
