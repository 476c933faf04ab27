"use client";

import Link from "next/link";
import { Avatar } from "@/components/ui/avatar";
import { UserIcon } from "./icons";
import { useViewer } from "./viewer-provider";

/**
 * The header's and mobile bar's way into the account: the user's picture when signed in, else a
 * login icon. While the session is being looked up it keeps the place with an empty circle, so
 * neither state flashes before the other.
 */
export function AccountLink({ className, avatarClassName }: { className: string; avatarClassName: string }) {
  const viewer = useViewer();
  if (viewer === undefined) return <span aria-hidden="true" className={className} />;
  return viewer ? (
    <Link href="/profile" aria-label={`Profile of ${viewer.fullName}`} className={className}>
      <Avatar src={viewer.image} className={avatarClassName} />
    </Link>
  ) : (
    <Link href="/login" aria-label="Login" className={className}>
      <UserIcon className="size-6" />
    </Link>
  );
}
