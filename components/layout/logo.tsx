import Link from "next/link";

/** The Marquee wordmark, linking home. */
export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link href="/" aria-label="Marquee home" className={`inline-flex items-center gap-2 text-2xl font-extrabold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-subMain ${className}`}>
      <span aria-hidden="true" className="flex size-8 items-center justify-center rounded-md bg-subMain text-lg">M</span>
      <span>
        Mar<span className="text-subMain">quee</span>
      </span>
    </Link>
  );
}
