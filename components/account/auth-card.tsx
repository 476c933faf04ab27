import { Logo } from "@/components/layout/logo";

/** The centred panel that frames the login and register forms. */
export function AuthCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-md flex-col gap-6 rounded-xl border border-border/40 bg-dry p-6 shadow-xl sm:p-10">
      <Logo className="self-center" />
      <h1 className="text-center text-lg font-semibold text-text">{title}</h1>
      {children}
    </div>
  );
}
