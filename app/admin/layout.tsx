import { AdminMenu } from "@/components/admin/admin-menu";
import { SideMenuLayout } from "@/components/layout/side-menu-layout";
import { requirePageAdmin } from "@/lib/auth/page-user";

// Per request and blocking: the page needs the session before it can show anything, and renders its
// data on the server into the first HTML (no static shell to validate).
export const instant = false;

/** Admin pages share the side menu. Signed out: /login; signed in without the role: the 404 page. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  // Each page checks too: layouts are not re-rendered when moving between their pages.
  await requirePageAdmin();
  return <SideMenuLayout menu={<AdminMenu />}>{children}</SideMenuLayout>;
}
