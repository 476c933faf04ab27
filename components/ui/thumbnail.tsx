"use client";

import { useState } from "react";

/** A table's small picture; an image that fails to load leaves the empty frame, not a broken icon. */
export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="h-12 w-16 shrink-0 overflow-hidden rounded border border-border/40 bg-main">
      {/* eslint-disable-next-line @next/next/no-img-element -- uploads are served by our own API */}
      {src && !failed && <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className="size-full object-cover" />}
    </div>
  );
}
