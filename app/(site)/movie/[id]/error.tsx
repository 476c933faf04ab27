"use client";

import { Button } from "@/components/ui/button";

export default function MovieError({ reset }: { reset: () => void }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-24 text-center">
      <p role="alert" className="text-2xl font-semibold">
        Something went wrong
      </p>
      <Button onClick={reset}>Try again</Button>
    </main>
  );
}
