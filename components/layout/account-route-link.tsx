import Link from "next/link";
import type { ComponentProps } from "react";

/**
 * A link to an account page (sign-in, profile, lists). Never prefetched: every page's header,
 * mobile bar and footer show these links, and prefetching them made every visitor's phone download
 * and run the account forms' code (react-hook-form, the validation schemas) while the page it came
 * for was still loading, for the few who go on to sign in (Lighthouse mobile, docs/performance.md).
 * The pages are rendered per request, so a prefetch saved little of the click anyway.
 */
export function AccountRouteLink(props: Omit<ComponentProps<typeof Link>, "prefetch">) {
  return <Link {...props} prefetch={false} />;
}
