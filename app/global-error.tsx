"use client";

// The root layout itself failed, so this replaces it: its own document, styles and a plain header.
import "./globals.css";
import { Logo } from "@/components/layout/logo";
import { ErrorPanel } from "@/components/ui/error-panel";

export default function GlobalError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col">
        <title>Something went wrong | Marquee</title>
        <header className="border-b border-border/40 bg-dry px-4 py-4 sm:px-6">
          <Logo />
        </header>
        <ErrorPanel error={error} retry={retry} />
      </body>
    </html>
  );
}
