import type { Metadata, Viewport } from "next";
import "./globals.css";
import { MobileBar } from "@/components/layout/mobile-bar";
import { ScrollToTop } from "@/components/layout/scroll-to-top";
import { SiteFooter } from "@/components/layout/site-footer";
import { SiteHeader } from "@/components/layout/site-header";
import { SkipLink } from "@/components/layout/skip-link";
import { ViewerProvider } from "@/components/layout/viewer-provider";
import { Toaster } from "@/components/ui/toaster";
import { getPageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = {
  title: { default: "Marquee", template: "%s | Marquee" },
  description: "Browse, search and stream movies: details, cast and reviews.",
};

export const viewport: Viewport = { themeColor: "#080a1a" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const user = await getPageUser();
  const viewer = user && { fullName: user.fullName, image: user.image, isAdmin: user.isAdmin };
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <ViewerProvider viewer={viewer}>
          <SkipLink />
          <ScrollToTop />
          <SiteHeader viewer={viewer} />
          <div id="content" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </div>
          <SiteFooter />
          <MobileBar viewer={viewer} />
        </ViewerProvider>
        <Toaster />
      </body>
    </html>
  );
}
