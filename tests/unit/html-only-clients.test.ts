// Who reads only a page's HTML (and so gets its metadata in the <head> on per-request pages), and
// which pages every client is served kept (proxy.ts; docs/architecture.md, "Search engines").
import { expect, test } from "vitest";
import { BLOCKING_METADATA_MARK, MARKED_FOR_BLOCKING_METADATA, isHtmlOnlyClient } from "@/lib/http/html-only-clients";
import { isKeptPage } from "@/lib/page-routes";

const BROWSERS = {
  "Chrome on Windows":
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  "Safari on an iPhone":
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.6 Mobile/15E148 Safari/604.1",
  "Firefox on Linux": "Mozilla/5.0 (X11; Linux x86_64; rv:145.0) Gecko/20100101 Firefox/145.0",
  "Chrome on Android":
    "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
};

const HTML_ONLY = {
  curl: "curl/8.5.0",
  "Python requests": "python-requests/2.32.3",
  "no User-Agent": "",
  Googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  Bingbot: "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
  "Facebook's previewer": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "Slack's previewer": "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
  "X's previewer": "Twitterbot/1.0",
  "Discord's previewer": "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
  "Mastodon's previewer": "http.rb/5.1.1 (Mastodon/4.3.0; +https://mastodon.social/) Bot",
  WhatsApp: "WhatsApp/2.23.20.0",
  Lighthouse:
    "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse",
  "Google's inspection tool": "Mozilla/5.0 (compatible; Google-InspectionTool/1.0)",
  "Bluesky's previewer": "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)",
};

test("browsers run the page; scripts, crawlers and link previewers read only its HTML", () => {
  for (const [name, userAgent] of Object.entries(BROWSERS)) expect(isHtmlOnlyClient(userAgent), name).toBe(false);
  for (const [name, userAgent] of Object.entries(HTML_ONLY)) expect(isHtmlOnlyClient(userAgent), name).toBe(true);
  expect(isHtmlOnlyClient(null)).toBe(true);
});

test("next.config.ts renders whole only the requests proxy.ts marked, never a client by its own User-Agent", () => {
  for (const userAgent of [...Object.values(BROWSERS), ...Object.values(HTML_ONLY)])
    expect(MARKED_FOR_BLOCKING_METADATA.test(userAgent), userAgent).toBe(false);
  expect(MARKED_FOR_BLOCKING_METADATA.test(`${HTML_ONLY.curl} ${BLOCKING_METADATA_MARK}`)).toBe(true);
});

test("the kept pages: home, the unfiltered list, each movie and the static pages; not filters, searches or accounts", () => {
  const kept = (path: string) => {
    const url = new URL(path, "http://marquee.example");
    return isKeptPage(url.pathname, url.searchParams);
  };
  for (const path of [
    "/",
    "/movies",
    "/movies/",
    "/movie/0b7c1f52-6a4c-4c55-a1f5-2f1c9a8b1e01",
    "/about-us",
    "/contact",
  ])
    expect(kept(path), path).toBe(true);
  for (const path of [
    "/movies?page=2",
    "/movies?category=0b7c1f52-6a4c-4c55-a1f5-2f1c9a8b1e01",
    "/movies?sort=rate",
    "/movies/batman",
    "/watch/0b7c1f52-6a4c-4c55-a1f5-2f1c9a8b1e01",
    "/movie/0b7c1f52-6a4c-4c55-a1f5-2f1c9a8b1e01/extra",
    "/profile",
    "/admin/list",
    "/login",
  ])
    expect(kept(path), path).toBe(false);
});
