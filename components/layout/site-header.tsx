import { IntentLink } from "@/components/ui/intent-link";
import { AccountLink } from "./account-link";
import { AccountRouteLink } from "./account-route-link";
import { HeartIcon, MyListIcon } from "./icons";
import { Logo } from "./logo";
import { SearchForm } from "./search-form";

const NAV = [
  { href: "/movies", label: "Movies" },
  { href: "/about-us", label: "About Us" },
  { href: "/contact", label: "Contact Us" },
];

const iconLink =
  "flex size-10 items-center justify-center rounded-md text-white transition hover:text-accent focus-visible:outline-2 focus-visible:outline-subMain";

const labelledIconLink =
  "flex flex-col items-center justify-center gap-0.5 rounded-md px-1 text-[11px] font-semibold leading-none text-white transition hover:text-accent focus-visible:outline-2 focus-visible:outline-subMain";

/** Sticky on every page. Static: only the account link depends on the session, and it is read in the browser. */
export function SiteHeader() {
  return (
    <header className="sticky top-0 z-30 border-b border-border/30 bg-main/95 shadow-md backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center gap-4 px-4 py-3 sm:px-6">
        <Logo className="shrink-0" />
        <SearchForm className="min-w-0 flex-1 lg:max-w-md" />
        <nav aria-label="Main" className="ml-auto hidden items-center gap-8 lg:flex">
          {NAV.map(({ href, label }) => (
            <IntentLink
              key={href}
              href={href}
              className="text-sm font-semibold text-white transition hover:text-accent focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-subMain"
            >
              {label}
            </IntentLink>
          ))}
          {/* Two icons alike in size and place: each says what it is, not only to screen readers. */}
          <AccountRouteLink href="/my-list" className={labelledIconLink}>
            <MyListIcon className="size-6" />
            <span>My List</span>
          </AccountRouteLink>
          <AccountRouteLink href="/favorite" className={labelledIconLink}>
            <HeartIcon className="size-6" />
            <span>Favorites</span>
          </AccountRouteLink>
          <AccountLink className={iconLink} avatarClassName="size-10" />
        </nav>
      </div>
    </header>
  );
}
