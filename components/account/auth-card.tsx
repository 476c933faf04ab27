import Link from "next/link";

/** The centred panel that frames the login and register forms. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 rounded-xl border border-border/40 bg-dry p-6 shadow-xl sm:p-10">
      <Link href="/" className="self-center text-2xl font-black tracking-widest text-white focus-visible:outline-2 focus-visible:outline-subMain">
        MAR<span className="text-subMain">QUEE</span>
      </Link>
      <h1 className="text-center text-lg font-semibold text-text">{title}</h1>
      {children}
    </div>
  );
}
