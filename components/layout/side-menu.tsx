"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { usePathname } from "next/navigation";

export type SideMenuLink = { href: string; label: string };

/** One entry's look: the links, and any button a menu adds (the account menu's Logout). */
export const sideMenuItem =
  "flex items-center justify-center gap-3 whitespace-nowrap rounded-md px-2 py-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-subMain lg:justify-start lg:px-4";

/**
 * The side menu of the account and admin areas, the current page marked; on phones and tablets a
 * compact grid above the page. `columns` is that grid's column classes, chosen for the number of entries.
 */
export function SideMenu({
  label,
  links,
  columns,
  children,
}: {
  label: string;
  links: SideMenuLink[];
  columns: string;
  children?: React.ReactNode;
}) {
  const pathname = usePathname();
  return (
    <nav
      aria-label={label}
      className={`grid gap-2 rounded-xl border border-border/40 bg-dry p-3 lg:flex lg:flex-col lg:p-5 ${columns}`}
    >
      {links.map(({ href, label }) => {
        const active = pathname === href;
        return (
          <IntentLink
            key={href}
            href={href}
            aria-current={active ? "page" : undefined}
            className={`${sideMenuItem} ${active ? "bg-subMain text-white" : "text-text hover:bg-main hover:text-white"}`}
          >
            {label}
          </IntentLink>
        );
      })}
      {children}
    </nav>
  );
}
