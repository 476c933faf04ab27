import type { Metadata, Viewport } from "next";
import "./globals.css";
import { ViewerProvider } from "@/components/layout/viewer-provider";
import { Toaster } from "@/components/ui/toaster";
import { getPageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = {
  title: { default: "Marquee", template: "%s | Marquee" },
  description: "Browse, search and stream movies: details, cast, reviews and trailers.",
};

export const viewport: Viewport = { themeColor: "#080a1a" };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const user = await getPageUser();
  const viewer = user && { fullName: user.fullName, image: user.image, isAdmin: user.isAdmin };
  return (
    <html lang="en">
      <body className="min-h-screen">
        <ViewerProvider viewer={viewer}>{children}</ViewerProvider>
        <Toaster />
      </body>
    </html>
  );
}
