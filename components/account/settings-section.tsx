import { useId } from "react";

/** One titled part of the profile page below the profile form. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 border-t border-border/40 pt-8">
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        {description && <p className="text-sm leading-relaxed text-text">{description}</p>}
      </div>
      {children}
    </section>
  );
}
