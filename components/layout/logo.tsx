import { IntentLink } from "@/components/ui/intent-link";

/**
 * The Marquee wordmark, linking home: the one logo of the header, footer, auth cards and phone drawer.
 * Its accessible name is the visible word, "Marquee" (WCAG 2.5.3, label in name).
 */
export function Logo({ className = "", onClick }: { className?: string; onClick?: () => void }) {
  return (
    <IntentLink
      href="/"
      onClick={onClick}
      className={`inline-flex items-center gap-2 text-2xl font-extrabold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-subMain ${className}`}
    >
      <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-md bg-subMain text-lg">
        M
      </span>
      <span>
        Mar<span className="text-accent">quee</span>
      </span>
    </IntentLink>
  );
}
