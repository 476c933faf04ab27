"use client";

import { useId } from "react";

const OPTIONS = [
  { draft: false, label: "Published", hint: "Visitors can find and watch it." },
  { draft: true, label: "Draft", hint: "Hidden from visitors until it is published." },
];

/** An edit's Published or Draft: a draft is hidden from every public page and list. */
export function MovieStatusChoice({ draft, onChange }: { draft: boolean; onChange: (draft: boolean) => void }) {
  const labelId = useId();
  const id = useId();
  return (
    <div role="radiogroup" aria-labelledby={labelId} className="flex flex-col gap-2">
      <p id={labelId} className="text-sm font-semibold text-white/80">
        Status
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {OPTIONS.map((option) => {
          const optionId = `${id}-${option.label}`;
          return (
            <label
              key={option.label}
              className="flex cursor-pointer items-start gap-3 rounded-md border border-border/60 bg-main px-4 py-3 transition hover:border-white/70 has-[:checked]:border-subMain has-[:checked]:bg-subMain/10 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-subMain/60"
            >
              <input
                type="radio"
                name={id}
                checked={draft === option.draft}
                onChange={() => onChange(option.draft)}
                aria-labelledby={`${optionId}-label`}
                aria-describedby={`${optionId}-hint`}
                className="mt-0.5 size-4 shrink-0 accent-subMain focus:outline-none"
              />
              <span className="flex flex-col gap-0.5">
                <span id={`${optionId}-label`} className="text-sm font-semibold">
                  {option.label}
                </span>
                <span id={`${optionId}-hint`} className="text-xs text-text">
                  {option.hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </div>
  );
}
