"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { signOut } from "next-auth/react";

const LINKS = [
  { href: "/profile", label: "Profile" },
  { href: "/favorite", label: "Favorite Movie" },
  { href: "/password", label: "Change Password" },
];

const item =
  "flex items-center justify-center gap-3 whitespace-nowrap rounded-md px-3 py-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-subMain lg:justify-start lg:px-4";

/** The account side menu; on phones and tablets a compact grid above the page. */
export function AccountMenu({ isAdmin }: { isAdmin: boolean }) {
  const pathname = usePathname();
  // Admins reach their area from here: the spec's header has no admin link.
  const links = isAdmin ? [...LINKS, { href: "/admin/statistics", label: "Dashboard" }] : LINKS;
  return (
    <nav aria-label="Account" className="grid grid-cols-2 gap-2 rounded-xl border border-border/40 bg-dry p-3 sm:grid-cols-4 lg:flex lg:flex-col lg:p-5">
      {links.map(({ href, label }) => {
        const active = pathname === href;
        return (
          <Link key={href} href={href} aria-current={active ? "page" : undefined} className={`${item} ${active ? "bg-subMain text-white" : "text-text hover:bg-main hover:text-white"}`}>
            {label}
          </Link>
        );
      })}
      <button type="button" onClick={() => void signOut({ callbackUrl: "/" })} className={`${item} text-text hover:bg-main hover:text-accent lg:mt-4 lg:border-t lg:border-border/40 lg:pt-5`}>
        Logout
      </button>
    </nav>
  );
}
