// Labelled form controls that show their validation message and tell assistive technology about it.
// They pass `ref` through, so react-hook-form's register() spreads straight onto them.
import { useId } from "react";

const control =
  "min-h-12 w-full rounded-md border border-border/60 bg-main px-4 py-3 text-sm text-white placeholder:text-text/60 transition focus:border-subMain focus:outline-none focus-visible:ring-2 focus-visible:ring-subMain/40 read-only:cursor-not-allowed read-only:opacity-70 aria-invalid:border-subMain";

type Labelled = { label: string; error?: string };

function FieldShell({ id, label, error, children }: Labelled & { id: string; children: React.ReactNode }) {
  return (
    <div className="flex w-full flex-col gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-text">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-accent">
          {error}
        </p>
      )}
    </div>
  );
}

const describedBy = (id: string, error?: string) =>
  error ? { "aria-invalid": true, "aria-describedby": `${id}-error` } : {};

export function TextField({ label, error, id, className = "", ...input }: Labelled & React.ComponentProps<"input">) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <input id={fieldId} className={`${control} ${className}`} {...describedBy(fieldId, error)} {...input} />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  id,
  className = "",
  children,
  ...select
}: Labelled & React.ComponentProps<"select">) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <select id={fieldId} className={`${control} ${className}`} {...describedBy(fieldId, error)} {...select}>
        {children}
      </select>
    </FieldShell>
  );
}

export function TextAreaField({
  label,
  error,
  id,
  className = "",
  ...textarea
}: Labelled & React.ComponentProps<"textarea">) {
  const generated = useId();
  const fieldId = id ?? generated;
  return (
    <FieldShell id={fieldId} label={label} error={error}>
      <textarea
        id={fieldId}
        className={`${control} min-h-36 ${className}`}
        {...describedBy(fieldId, error)}
        {...textarea}
      />
    </FieldShell>
  );
}
