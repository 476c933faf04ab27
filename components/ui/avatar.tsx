"use client";

import { useState } from "react";
import { StoredImage } from "@/components/ui/stored-image";

/** A round user picture; a missing or broken one shows a neutral silhouette. */
export function Avatar({ src, className = "size-9" }: { src: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded-full border border-border/40 bg-main text-text ${className}`}
    >
      {src && !failed ? (
        <StoredImage
          src={src}
          alt=""
          width={48}
          height={48}
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <svg aria-hidden="true" viewBox="0 0 24 24" fill="currentColor" className="size-3/5">
          <path d="M12 12a5 5 0 1 0 0-10 5 5 0 0 0 0 10zm0 2c-4.4 0-8 2.2-8 5v1h16v-1c0-2.8-3.6-5-8-5z" />
        </svg>
      )}
    </span>
  );
}
