import Link from "next/link";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md px-5 py-2.5 text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain disabled:cursor-not-allowed disabled:opacity-50";

const variants = {
  primary: "bg-subMain text-white hover:bg-subMain/80",
  outline: "border border-subMain/70 text-white hover:bg-subMain",
  quiet: "border border-border/60 bg-main text-white hover:border-white/70",
  danger: "border border-subMain/70 bg-subMain/10 text-accent hover:bg-subMain hover:text-white",
};

export type ButtonVariant = keyof typeof variants;

export const buttonClass = (variant: ButtonVariant = "primary", extra = "") => `${base} ${variants[variant]} ${extra}`;

export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({
  variant = "primary",
  className = "",
  ...props
}: React.ComponentProps<typeof Link> & { variant?: ButtonVariant }) {
  return <Link className={buttonClass(variant, className)} {...props} />;
}
