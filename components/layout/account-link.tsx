"use client";

import { Avatar } from "@/components/ui/avatar";
import { AccountRouteLink } from "./account-route-link";
import { UserIcon } from "./icons";
import { useViewer } from "@/lib/client/viewer";

/**
 * The header's and mobile bar's way into the account: the user's picture when signed in, else a
 * login icon. While the session is being looked up it keeps the place with an empty circle, so
 * neither state flashes before the other.
 */
export function AccountLink({ className, avatarClassName }: { className: string; avatarClassName: string }) {
  const viewer = useViewer();
  if (viewer === undefined) return <span aria-hidden="true" className={className} />;
  return viewer ? (
    <AccountRouteLink href="/profile" aria-label={`Profile of ${viewer.fullName}`} className={className}>
      <Avatar src={viewer.image} className={avatarClassName} />
    </AccountRouteLink>
  ) : (
    <AccountRouteLink href="/login" aria-label="Login" className={className}>
      <UserIcon className="size-6" />
    </AccountRouteLink>
  );
}
