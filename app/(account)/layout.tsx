import { AccountMenu } from "@/components/account/account-menu";
import { requirePageUser } from "@/lib/auth/page-user";

// Per request and blocking: the page needs the session before it can show anything, and renders its
// data on the server into the first HTML (no static shell to validate).
export const instant = false;

/** Profile, Favorites and Change Password share the side menu; signed-in users only. */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  // Each page checks too: layouts are not re-rendered when moving between their pages.
  const user = await requirePageUser();
  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr] lg:gap-8">
        <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start">
          <AccountMenu isAdmin={user.isAdmin} />
        </aside>
        <section className="min-w-0 rounded-xl border border-border/40 bg-dry p-5 sm:p-8">{children}</section>
      </div>
    </main>
  );
}
