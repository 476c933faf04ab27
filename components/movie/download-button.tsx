"use client";

import { useState } from "react";
import { Spinner } from "@/components/ui/spinner";
import { downloadVideo } from "@/lib/client/download";

/** Spec section 4: disabled while a download runs, with a different icon. */
export function DownloadButton({ videoUrl, movieName }: { videoUrl: string; movieName: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      disabled={busy}
      aria-label={`Download ${movieName}`}
      onClick={async () => {
        setBusy(true);
        await downloadVideo(videoUrl, movieName);
        setBusy(false);
      }}
      className="flex h-12 items-center gap-2 rounded-md border border-subMain/70 px-5 text-sm font-semibold transition hover:bg-subMain focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? (
        <Spinner className="size-5" />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 3v12m0 0l-5-5m5 5l5-5M4 19h16" />
        </svg>
      )}
      Download
    </button>
  );
}
