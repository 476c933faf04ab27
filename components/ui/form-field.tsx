// The form kit: labelled controls that show their validation message and tell assistive technology
// about it (aria-invalid, aria-describedby), the account forms' email and password fields, and the
// submit button with its pending spinner. The controls pass `ref` through, so react-hook-form's
// register() spreads straight onto them; the `Form*` ones take the form and a field name and do that
// themselves. The server's answer to a failed submit is toasted by lib/client/form-submit.ts.
import { useId } from "react";
import type { FieldPath, FieldValues, UseFormReturn } from "react-hook-form";
import { Button, type ButtonVariant } from "./button";
import { Spinner } from "./spinner";

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

/** What a bound field needs of useForm()'s answer (a Pick, so forms with a zod transform fit too). */
type FormOf<T extends FieldValues> = Pick<UseFormReturn<T>, "register" | "getFieldState" | "formState">;

type BoundFieldProps<T extends FieldValues> = { form: FormOf<T>; name: FieldPath<T>; label: string } & Omit<
  React.ComponentProps<"input">,
  "name" | "form"
>;

/** A TextField registered with the form under `name`, showing that field's message. */
export function FormTextField<T extends FieldValues>({ form, name, ...input }: BoundFieldProps<T>) {
  // getFieldState with formState subscribes this form to its errors.
  const { error } = form.getFieldState(name, form.formState);
  return <TextField error={error?.message} {...input} {...form.register(name)} />;
}

/** A password, typed hidden; `autoComplete` tells password managers whether it is the current one or a new one. */
export function PasswordField<T extends FieldValues>(
  props: BoundFieldProps<T> & { autoComplete: "current-password" | "new-password" },
) {
  return <FormTextField type="password" placeholder="******" {...props} />;
}

/** An email address, labelled "Email" unless told otherwise. */
export function EmailField<T extends FieldValues>({
  label = "Email",
  ...props
}: Omit<BoundFieldProps<T>, "label"> & { label?: string }) {
  return <FormTextField type="email" autoComplete="email" placeholder="you@example.com" label={label} {...props} />;
}

/**
 * A form's submit button: disabled, with a spinner, while `pending`. Full width unless `className`
 * says otherwise; `atEnd`: full width on phones, at the form's right edge from sm (the profile pages).
 */
export function SubmitButton({
  pending,
  variant,
  atEnd = false,
  className = atEnd ? "w-full sm:w-auto sm:min-w-40" : "w-full py-3",
  children,
}: {
  pending: boolean;
  variant?: ButtonVariant;
  atEnd?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  const button = (
    <Button type="submit" variant={variant} disabled={pending} className={className}>
      {pending && <Spinner />}
      {children}
    </Button>
  );
  return atEnd ? <div className="flex justify-end">{button}</div> : button;
}
