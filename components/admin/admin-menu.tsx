import { SideMenu } from "@/components/layout/side-menu";

const LINKS = [
  { href: "/admin/statistics", label: "Statistics" },
  { href: "/admin/add", label: "Add Movie" },
  { href: "/admin/list", label: "List Movie" },
  { href: "/admin/categories", label: "Categories" },
  { href: "/admin/users", label: "Users" },
  { href: "/admin/import", label: "Import" },
];

export function AdminMenu() {
  return <SideMenu label="Admin" links={LINKS} columns="grid-cols-3 md:grid-cols-6" />;
}
