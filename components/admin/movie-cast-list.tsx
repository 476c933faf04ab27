"use client";

import { Button } from "@/components/ui/button";
import type { CastDraft } from "./cast-dialog";

/** The movie form's Casts: each member's picture and name with Remove, and Add Cast (which opens the dialog). */
export function MovieCastList({
  casts,
  error,
  onAdd,
  onRemove,
}: {
  casts: CastDraft[];
  error: string | undefined;
  onAdd: () => void;
  onRemove: (index: number) => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-sm font-semibold text-text">Casts</h2>
        <Button variant="outline" onClick={onAdd}>
          Add Cast
        </Button>
      </div>
      {casts.length > 0 && (
        <ul aria-label="Casts" className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-6">
          {casts.map((cast, index) => (
            <li
              key={`${cast.name}-${index}`}
              className="flex flex-col items-center gap-2 rounded-lg border border-border/40 bg-main p-3 text-center"
            >
              {/* eslint-disable-next-line @next/next/no-img-element -- uploads are served by our own API */}
              <img src={cast.image} alt="" className="size-20 rounded-full object-cover" />
              <p className="w-full truncate text-sm">{cast.name}</p>
              <button
                type="button"
                onClick={() => onRemove(index)}
                aria-label={`Remove ${cast.name}`}
                className="rounded px-2 py-1 text-xs text-accent transition hover:bg-subMain hover:text-white focus-visible:outline-2 focus-visible:outline-subMain"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="text-sm text-accent">{error}</p>}
    </div>
  );
}
