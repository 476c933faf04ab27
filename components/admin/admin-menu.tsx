"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/admin/statistics", label: "Statistics" },
  { href: "/admin/add", label: "Add Movie" },
  { href: "/admin/list", label: "List Movie" },
  { href: "/admin/categories", label: "Categories" },
  { href: "/admin/users", label: "Users" },
];

/** The admin side menu; on phones a strip that scrolls sideways above the page. */
export function AdminMenu() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin" className="flex gap-2 overflow-x-auto rounded-xl border border-border/40 bg-dry p-3 lg:flex-col lg:p-5">
      {LINKS.map(({ href, label }) => {
        const active = pathname === href;
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? "page" : undefined}
            className={`flex shrink-0 items-center whitespace-nowrap rounded-md px-4 py-3 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-subMain ${active ? "bg-subMain text-white" : "text-text hover:bg-main hover:text-white"}`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
