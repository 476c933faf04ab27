"use client";

// Test-only page (exists only in `npm test` builds): a button that makes the page throw while it
// renders in the browser, for the root error boundary's test (e2e/errors.spec.ts). It renders
// fine until then, so the build can prerender it.
import { useState } from "react";

export default function BrokenPageTest() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error("This test page broke on purpose");
  return (
    <main className="mx-auto max-w-xl p-8">
      <button type="button" onClick={() => setBroken(true)}>
        Break this page
      </button>
    </main>
  );
}
