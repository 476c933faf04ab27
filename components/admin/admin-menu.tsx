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

/** The admin side menu; on phones and tablets a compact grid above the page. */
export function AdminMenu() {
  const pathname = usePathname();
  return (
    <nav aria-label="Admin" className="grid grid-cols-3 gap-2 rounded-xl border border-border/40 bg-dry p-3 sm:grid-cols-5 lg:flex lg:flex-col lg:p-5">
      {LINKS.map(({ href, label }) => {
        const active = pathname === href;
        return (
          <Link
            key={href}
            href={href}
            aria-current={active ? "page" : undefined}
            className={`flex items-center justify-center whitespace-nowrap rounded-md px-2 py-3 text-sm font-medium lg:justify-start lg:px-4 transition focus-visible:outline-2 focus-visible:outline-subMain ${active ? "bg-subMain text-white" : "text-text hover:bg-main hover:text-white"}`}
          >
            {label}
          </Link>
        );
      })}
    </nav>
  );
}
