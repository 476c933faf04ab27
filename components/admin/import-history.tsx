"use client";

import type { ImportSummary } from "@/lib/data/imports";
import { stateText, titleOf } from "./import-text";

/** The latest imports, newest first, each opening its report; the open one is marked current. */
export function ImportHistory({
  imports,
  openId,
  onOpen,
}: {
  imports: ImportSummary[];
  openId: string | null;
  onOpen: (id: string) => void;
}) {
  return (
    <ul className="flex flex-col gap-2" aria-label="Latest imports">
      {imports.map((item) => (
        <li key={item._id}>
          <button
            type="button"
            aria-current={item._id === openId ? "true" : undefined}
            onClick={() => onOpen(item._id)}
            className={`flex w-full flex-wrap items-center justify-between gap-2 rounded-md border px-4 py-2 text-left text-sm transition focus-visible:outline-2 focus-visible:outline-subMain ${item._id === openId ? "border-subMain bg-main" : "border-border/40 hover:border-white/60"}`}
          >
            <span className="font-semibold">{titleOf(item)}</span>
            <span className="text-text">
              {stateText(item)} · {new Date(item.createdAt).toLocaleString("en-GB", { timeZone: "UTC" })} UTC
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
