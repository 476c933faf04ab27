"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

type IntentLinkProps = Omit<ComponentProps<typeof Link>, "prefetch" | "href"> & { href: string };

/**
 * A link to one of Marquee's pages (every link in the app but the account pages', which are never
 * fetched ahead: account-route-link.tsx). It fetches its page ahead when the visitor reaches for it
 * (the pointer over it, a finger on it, keyboard focus), not when it scrolls into view as `next/link`
 * does by default: a phone showing a grid of posters fetched every movie page in sight while its own
 * page was still loading, taking the bandwidth the page's pictures needed (docs/performance.md,
 * "Pages fetched ahead when reached for, not when seen"). Reaching for a link comes 100-300 ms before
 * the click, time enough to fetch a kept page.
 */
export function IntentLink({ href, onMouseEnter, onTouchStart, onFocus, ...props }: IntentLinkProps) {
  const router = useRouter();
  return (
    <Link
      {...props}
      href={href}
      prefetch={false}
      onMouseEnter={(event) => {
        router.prefetch(href);
        onMouseEnter?.(event);
      }}
      onTouchStart={(event) => {
        router.prefetch(href);
        onTouchStart?.(event);
      }}
      onFocus={(event) => {
        router.prefetch(href);
        onFocus?.(event);
      }}
    />
  );
}
