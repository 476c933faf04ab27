import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

export default function NotFound() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center gap-6 px-4 py-20 text-center">
      <p aria-hidden="true" className="text-8xl font-extrabold text-accent">
        404
      </p>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="text-text">The page you are looking for does not exist. You may have mistyped the URL</p>
      <ButtonLink href="/">Back Home</ButtonLink>
    </main>
  );
}
