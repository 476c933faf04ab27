"use client";

import { signOut } from "next-auth/react";
import { SideMenu, sideMenuItem } from "@/components/layout/side-menu";

const LINKS = [
  { href: "/profile", label: "Profile" },
  { href: "/favorite", label: "Favorite Movie" },
  { href: "/password", label: "Change Password" },
];

export function AccountMenu({ isAdmin }: { isAdmin: boolean }) {
  // Admins reach their area from here: the spec's header has no admin link.
  const links = isAdmin ? [...LINKS, { href: "/admin/statistics", label: "Dashboard" }] : LINKS;
  return (
    <SideMenu label="Account" links={links} columns="grid-cols-2 sm:grid-cols-4">
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
