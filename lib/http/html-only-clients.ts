// Clients that read a page's HTML without running it, and what Marquee does for them (no imports:
// next.config.ts loads this file too).
//
// Next streams a page's metadata (title, description, canonical, Open Graph) after the page's first
// bytes when it depends on the request, and renders it into the <head> first only for the clients
// its `htmlLimitedBots` setting matches; but it renders every page whole, per request, for those
// clients, never serving them a page it keeps (docs/architecture.md, "Caching"). So the setting
// matches one mark, which proxy.ts adds to an HTML-only client's User-Agent on the pages rendered per
// request anyway (where the head costs nothing more), and never on the pages Next keeps, whose kept
// copy has its metadata in the head already: every client is served those from memory.

/**
 * Any client whose User-Agent does not claim to be a browser ("Mozilla/": scripts, feed readers, most
 * link previewers), any that calls itself a bot, crawler, spider or previewer (Googlebot, Slackbot,
 * Twitterbot, LinkedInBot, Discordbot, TelegramBot, Mastodon's "Bot"), and the crawlers and
 * previewers that say neither (Next's own list: Facebook, WhatsApp, Lighthouse, Google's other
 * crawlers, Yahoo, Yandex, Baidu's, Naver's; plus Bluesky's Cardyb).
 */
const HTML_ONLY_CLIENT =
  /^(?!.*Mozilla\/)|bot\b|crawl|spider|preview|facebookexternalhit|facebookcatalog|WhatsApp|Chrome-Lighthouse|[\w-]+-Google|Google-[\w-]+|Slurp|yandex|sogou|tumblr|vkShare|ia_archiver|Yeti|googleweblight|Bluesky/i;

/** What proxy.ts appends to an HTML-only client's User-Agent on a page rendered per request. */
export const BLOCKING_METADATA_MARK = "Marquee-blocking-metadata";

/** next.config.ts `htmlLimitedBots`: only the requests proxy.ts marked. */
export const MARKED_FOR_BLOCKING_METADATA = new RegExp(BLOCKING_METADATA_MARK);

export const isHtmlOnlyClient = (userAgent: string | null) => HTML_ONLY_CLIENT.test(userAgent ?? "");
