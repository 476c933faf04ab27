import type { Metadata, Viewport } from "next";
import { Suspense } from "react";
import "./globals.css";
import { MobileBar } from "@/components/layout/mobile-bar";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { Toaster } from "@/components/ui/toaster";

export const metadata: Metadata = {
  title: { default: "Marquee", template: "%s | Marquee" },
  description: "Browse, search and stream movies: details, cast and reviews.",
};

export const viewport: Viewport = { themeColor: "#080a1a" };

/** Reads nothing from the request, so every page's shell can be prerendered (the viewer is read in the browser). */
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
        <div id="content" tabIndex={-1} className="flex-1 outline-none">
          {children}
        </div>
        <SiteFooter />
        <MobileBar />
        <Toaster />
      </body>
    </html>
  );
}
