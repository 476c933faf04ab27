"use client";

import { AccountRouteLink } from "./account-route-link";
import { useViewer } from "@/lib/client/viewer";

/**
 * The footer's first My Account link: Sign In for a visitor, My List for a signed-in member (who
 * has nothing to sign in to). Until the session is known it keeps the line's place, empty.
 */
export function FooterAccountLink({ className }: { className: string }) {
  const viewer = useViewer();
  if (viewer === undefined)
    return (
      <span aria-hidden="true" className={`${className} invisible`}>
        Sign In
      </span>
    );
  return viewer ? (
    <AccountRouteLink href="/my-list" className={className}>
      My List
    </AccountRouteLink>
  ) : (
    <AccountRouteLink href="/login" className={className}>
      Sign In
    </AccountRouteLink>
  );
}
