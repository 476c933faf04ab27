import { ButtonLink } from "@/components/ui/button";

/** What a page opened from an email link shows when the link no longer works, and the way on. */
export function LinkProblem({ message, href, action }: { message: string; href: string; action: string }) {
  return (
    <div className="flex flex-col gap-5 text-center">
      <p role="alert" className="text-sm leading-relaxed text-text">
        {message}
      </p>
      <ButtonLink href={href} className="w-full py-3">
        {action}
      </ButtonLink>
    </div>
  );
}
