import { AccountMenu } from "@/components/account/account-menu";
import { SideMenuLayout } from "@/components/layout/side-menu-layout";
import { requirePageUser } from "@/lib/auth/page-user";

// Per request and blocking: the page needs the session before it can show anything, and renders its
// data on the server into the first HTML (no static shell to validate).
export const instant = false;

/** Profile, Favorites and Change Password share the side menu; signed-in users only. */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  // Each page checks too: layouts are not re-rendered when moving between their pages.
  const user = await requirePageUser();
  return <SideMenuLayout menu={<AccountMenu isAdmin={user.isAdmin} />}>{children}</SideMenuLayout>;
}
