"use client";

import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { DownloadIcon } from "@/components/layout/icons";
import { Spinner } from "@/components/ui/spinner";

/** `?download=1` makes the server send the video as an attachment named `<movie name>.<its extension>`. */
const downloadUrl = (videoUrl: string, movieName: string) =>
  `${videoUrl}${videoUrl.includes("?") ? "&" : "?"}download=1&name=${encodeURIComponent(movieName)}`;

/**
 * Download (docs/product.md "Watching and downloading"): a plain link to the video with
 * `?download=1`, so the browser's own download manager fetches it (progress, pause, resume, and no
 * copy in the page's memory). A click checks the file with one HEAD request and then hands the
 * link to the browser, between the toasts of docs/product.md "Watching and downloading": 'Downloading video...', then 'Download completed!'
 * once the browser has taken the download over (the page cannot see it finish; docs/media.md), or
 * 'Error downloading the video'. The link is inert meanwhile, with a spinner for its icon.
 */
export function DownloadButton({ videoUrl, movieName }: { videoUrl: string; movieName: string }) {
  const [busy, setBusy] = useState(false);
  const href = downloadUrl(videoUrl, movieName);

  async function handOver(event: React.MouseEvent<HTMLAnchorElement>) {
    // A modified click (new tab, "save link as" menus) is left to the browser.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const id = toast.loading("Downloading video...");
    try {
      const response = await fetch(href, { method: "HEAD" });
      if (!response.ok) throw new Error(`download failed: ${response.status}`);
      const link = document.createElement("a");
      link.href = href;
      link.download = ""; // save, named by the server's Content-Disposition
      document.body.append(link);
      link.click();
      link.remove();
      toast.success("Download completed!", { id });
    } catch {
      toast.error("Error downloading the video", { id });
    } finally {
      setBusy(false);
    }
  }

  return (
    <a
      href={href}
      download=""
      onClick={(event) => void handOver(event)}
      aria-disabled={busy || undefined}
      aria-label={`Download ${movieName}`}
      className="flex h-12 items-center gap-2 rounded-md border border-subMain/70 px-5 text-sm font-semibold transition hover:bg-subMain focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white aria-disabled:cursor-wait aria-disabled:opacity-70"
    >
      {busy ? <Spinner className="size-5" /> : <DownloadIcon />}
      Download
    </a>
  );
}
