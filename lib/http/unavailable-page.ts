// The page a visitor gets while the database is down or not answering (proxy.ts): 503 with
// Retry-After, so browsers, crawlers and monitors know it is passing. A busy server (the database
// up, every connection in use) answers lib/http/admission.ts's busy page instead: this one is
// only for a database that does not answer its own connection (lib/database/answers.ts).
import { NextResponse } from "next/server";
import { DATABASE_RETRY_AFTER_SECONDS } from "./database-unavailable";
import { statusPageHtml } from "./status-page";

const html = statusPageHtml({
  title: "Marquee is briefly unavailable",
  heading: "Something went wrong",
  text: "This page could not be shown: Marquee cannot reach its database just now. Please try again in a few seconds.",
});

/** The 503 page, for a page request made while the database does not answer. */
export function unavailablePage(): NextResponse {
  return new NextResponse(html, {
    status: 503,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": String(DATABASE_RETRY_AFTER_SECONDS),
    },
  });
}
