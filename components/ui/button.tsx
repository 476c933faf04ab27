import { IntentLink } from "./intent-link";

const base =
  "inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain disabled:cursor-not-allowed disabled:opacity-50";

const variants = {
  primary: "bg-subMain text-white hover:bg-subMain/80",
  outline: "border border-subMain/70 text-white hover:bg-subMain",
  quiet: "border border-border/60 bg-main text-white hover:border-white/70",
  danger: "border border-subMain/70 bg-subMain/10 text-accent hover:bg-subMain hover:text-white",
};

/**
 * The padding, as a size: a class that overrides another of the same property loses to whichever
 * Tailwind writes later in its stylesheet (px-5 came after px-3, so the tables' "compact" buttons
 * were full size, and the movie list scrolled sideways on a 1366 px screen).
 */
const sizes = {
  regular: "px-5 py-2.5",
  /** In table rows and toolbars. */
  compact: "px-3 py-1.5",
};

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export const buttonClass = (variant: ButtonVariant = "primary", extra = "", size: ButtonSize = "regular") =>
  `${base} ${sizes[size]} ${variants[variant]} ${extra}`;

export function Button({
  variant = "primary",
  size = "regular",
  className = "",
  type = "button",
  ...props
}: React.ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <button type={type} className={buttonClass(variant, className, size)} {...props} />;
}

export function ButtonLink({
  variant = "primary",
  size = "regular",
  className = "",
  ...props
}: React.ComponentProps<typeof IntentLink> & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <IntentLink className={buttonClass(variant, className, size)} {...props} />;
}
