import { useId } from "react";

/** A titled box of an admin page (the Import page's file, folder and export), named by its heading. */
export function PanelSection({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-lg border border-border/40 bg-main p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
