import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { Suspense } from "react";
import "./globals.css";
import { CheckInboxNotice } from "@/components/layout/check-inbox-notice";
import { MobileBar } from "@/components/layout/mobile-bar";
import { PendingActionRunner } from "@/components/layout/pending-action-runner";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { Toaster } from "@/components/ui/toaster";
import { configuredPublicUrl } from "@/lib/env";
import { pagePublicOrigin } from "@/lib/http/public-url";

/**
 * `metadataBase` makes the Open Graph and Twitter pictures (app/opengraph-image.png, inherited by
 * every page without its own) absolute on the site's address: the configured one, else the one the
 * request was made to. Only the latter reads the request, which then makes every page's metadata, so
 * every page, rendered per request (see RequestTimeMarker).
 */
export async function generateMetadata(): Promise<Metadata> {
  return {
    metadataBase: new URL(await pagePublicOrigin()),
    title: { default: "Marquee", template: "%s | Marquee" },
    description: "Browse, search and stream movies: details, cast and reviews.",
  };
}

export const viewport: Viewport = { themeColor: "#080a1a" };

/**
 * Reads nothing from the request, so every page's shell can be prerendered (the viewer is read in the
 * browser). With the site's address configured, the pages that read nothing else are kept whole.
 */
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <SkipLink />
        {/* It reads the URL, known only at request time on dynamic routes; it renders nothing anyway. */}
        <Suspense fallback={null}>
          <ScrollToTop />
        </Suspense>
        <SiteHeader />
        <CheckInboxNotice />
        <div id="content" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </div>
        <SiteFooter />
        <MobileBar />
        <Toaster />
        <PendingActionRunner />
        <Suspense fallback={null}>
          <RequestTimeMarker />
        </Suspense>
      </body>
    </html>
  );
}

/**
 * Renders nothing. Without a configured address the metadata reads the request's, and Next then wants
 * the page to say that it is meant to wait for the request (its guide, "generateMetadata: With Cache
 * Components"); with one, nothing here reads the request. The boundary is there either way: `next
 * build` may run without the address the server is given, and a page Next resumes at runtime must
 * have the tree it was prerendered with.
 */
async function RequestTimeMarker() {
  if (!configuredPublicUrl()) await connection();
  return null;
}
