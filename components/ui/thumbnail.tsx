"use client";

import { useState } from "react";
import { StoredImage } from "@/components/ui/stored-image";

/** A table's small picture; an image that fails to load leaves the empty frame, not a broken icon. */
export function Thumbnail({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className="h-12 w-16 shrink-0 overflow-hidden rounded border border-border/40 bg-main">
      {src && !failed && (
        <StoredImage
          src={src}
          alt={alt}
          width={64}
          height={48}
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      )}
    </div>
  );
}
