import { IntentLink } from "@/components/ui/intent-link";
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

/** The underlined link of the sign-in pages ("Sign Up", "Back to login"). */
export const authLinkClass =
  "font-semibold text-dryGray underline-offset-4 hover:text-accent hover:underline focus-visible:outline-2 focus-visible:outline-subMain";

/** The line under a sign-in form that leads to its neighbour: "Already have an account? Login". */
export function AuthFormFooter({ question, href, children }: { question: string; href: string; children: string }) {
  return (
    <p className="text-center text-sm text-text">
      {question}{" "}
      <IntentLink href={href} className={authLinkClass}>
        {children}
      </IntentLink>
    </p>
  );
}
