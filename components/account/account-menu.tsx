"use client";

import { signOut } from "next-auth/react";
import { SideMenu, sideMenuItem } from "@/components/layout/side-menu";

const LINKS = [
  { href: "/profile", label: "Profile" },
  { href: "/favorite", label: "Favorite Movie" },
  { href: "/my-list", label: "My List" },
  { href: "/history", label: "History" },
  { href: "/password", label: "Change Password" },
];

export function AccountMenu({ isAdmin }: { isAdmin: boolean }) {
  // Admins reach their area from here: the original header has no admin link.
  const links = isAdmin ? [...LINKS, { href: "/admin/statistics", label: "Dashboard" }] : LINKS;
  return (
    // On phones and tablets a grid above the page: its entries plus Logout, in rows of 2, then 3 or 4.
    <SideMenu
      label="Account"
      links={links}
      columns={isAdmin ? "grid-cols-2 sm:grid-cols-4" : "grid-cols-2 sm:grid-cols-3"}
    >
      <button
        type="button"
        onClick={() => void signOut({ callbackUrl: "/" })}
        className={`${sideMenuItem} text-text hover:bg-main hover:text-accent lg:mt-4 lg:border-t lg:border-border/40 lg:pt-5`}
      >
        Logout
      </button>
    </SideMenu>
  );
}
