import type { Metadata, Viewport } from "next";
import "./globals.css";
import { Toaster } from "@/components/ui/toaster";

export const metadata: Metadata = {
  title: { default: "Marquee", template: "%s | Marquee" },
  description: "Browse, search and stream movies: details, cast, reviews and trailers.",
};

export const viewport: Viewport = { themeColor: "#080a1a" };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        {children}
        <Toaster />
      </body>
    </html>
  );
}
