/** The account and admin areas' page: their side menu beside (on phones, above) the page's own panel. */
export function SideMenuLayout({ menu, children }: { menu: React.ReactNode; children: React.ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr] lg:gap-8">
        <aside className="min-w-0 lg:sticky lg:top-24 lg:self-start">{menu}</aside>
        <section className="min-w-0 rounded-xl border border-border/40 bg-dry p-5 sm:p-8">{children}</section>
      </div>
    </main>
  );
}
