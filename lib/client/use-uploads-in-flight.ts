"use client";
// Which drop zones of a form are still uploading (components/ui/media-field.tsx reports it): saving
// while a video still uploads would store the movie without it, so the form holds its submit until
// every drop zone has finished or failed.
import { useState } from "react";

/**
 * `track[key]` is the drop zone's `onUploadingChange`, the same function on every render (the drop
 * zone reports from an effect that depends on it); `busy` is true while any of them uploads.
 */
export function useUploadsInFlight<Key extends string>(keys: readonly Key[]) {
  const [uploading, setUploading] = useState<Partial<Record<Key, boolean>>>({});
  const [track] = useState(
    () =>
      Object.fromEntries(
        keys.map((key) => [
          key,
          (active: boolean) =>
            setUploading((current) => (Boolean(current[key]) === active ? current : { ...current, [key]: active })),
        ]),
      ) as Record<Key, (active: boolean) => void>,
  );
  return { busy: Object.values(uploading).some(Boolean), track };
}
