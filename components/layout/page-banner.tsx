/** The title band at the top of the About and Contact pages. */
export function PageBanner({ title }: { title: string }) {
  return (
    <div className="relative overflow-hidden rounded-xl border border-border/40 bg-gradient-to-br from-dry via-main to-subMain/40 px-6 py-16 text-center sm:py-24">
      <h1 className="text-3xl font-extrabold sm:text-5xl">{title}</h1>
    </div>
  );
}
