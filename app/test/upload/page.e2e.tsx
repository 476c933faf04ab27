"use client";

// Test-only page (exists only in `npm test` builds): the upload drop zone on its own, signed in by
// a bearer token from the query string, showing the URL it was given.
import { Suspense, useState } from "react";
import { useSearchParams } from "next/navigation";
import { UploadDropzone } from "@/components/ui/upload-dropzone";

function UploadHarness() {
  const query = useSearchParams();
  const [url, setUrl] = useState("");
  const kind = (query.get("kind") as "image" | "video" | "any" | null) ?? "any";
  return (
    <main className="mx-auto max-w-xl p-8">
      <UploadDropzone label="Test upload" kind={kind} token={query.get("token") ?? undefined} onUploaded={setUrl} />
      <output aria-label="Uploaded URL" className="mt-4 block break-all">
        {url}
      </output>
    </main>
  );
}

export default function UploadTestPage() {
  return (
    // Toasts come from the root layout's Toaster.
    <Suspense>
      <UploadHarness />
    </Suspense>
  );
}
