import { cacheLife } from "next/cache";
import { IntentLink } from "@/components/ui/intent-link";
import { AccountRouteLink } from "./account-route-link";
import { FooterAccountLink } from "./footer-account-link";
import { FooterCategoryLinks } from "./footer-category-links";
import { Logo } from "./logo";

export const CONTACT = {
  address: "96 Nguyen Hue Boulevard, District 1, Ho Chi Minh City, Vietnam",
  phone: "+84 28 3822 5600",
  email: "hello@marquee.example",
};

const footerLinkClass =
  "text-sm text-text transition hover:text-accent focus-visible:outline-2 focus-visible:outline-subMain";

/**
 * The footer's columns link where their labels promise (the original's were placeholders to home).
 * Static, so every page's shell can be prerendered without a database: the category links are
 * loaded in the browser (they sit at the bottom of the page, out of the first view).
 */
export function SiteFooter() {
  const columns = [
    {
      title: "Company",
      Link: IntentLink,
      links: [
        { href: "/", label: "Home" },
        { href: "/about-us", label: "About Us" },
        { href: "/contact", label: "Contact Us" },
        { href: "/movies", label: "Movies" },
      ],
    },
    { title: "Top Categories", links: "categories" as const },
    {
      title: "My Account",
      Link: AccountRouteLink,
      links: [
        // Sign In for a visitor, My List for a signed-in member: decided in the browser (FooterAccountLink).
        "account" as const,
        { href: "/favorite", label: "My Favorites" },
        { href: "/profile", label: "Profile" },
        { href: "/password", label: "Change Password" },
      ],
    },
  ];
  return (
    <footer className="border-t border-border/40 bg-dry pb-20 lg:pb-0">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-4 text-base font-semibold">{column.title}</h2>
            <ul className="flex flex-col gap-3">
              {column.links === "categories" ? (
                <FooterCategoryLinks linkClassName={footerLinkClass} />
              ) : (
                column.links.map((link) =>
                  link === "account" ? (
                    <li key="account">
                      <FooterAccountLink className={footerLinkClass} />
                    </li>
                  ) : (
                    <li key={link.label}>
                      <column.Link href={link.href} className={footerLinkClass}>
                        {link.label}
                      </column.Link>
                    </li>
                  ),
                )
              )}
            </ul>
          </nav>
        ))}
        <div className="flex flex-col gap-4">
          <Logo />
          <address className="flex flex-col gap-2 text-sm not-italic text-text">
            <span>{CONTACT.address}</span>
            <span>Tel: {CONTACT.phone}</span>
            <span>Email: {CONTACT.email}</span>
          </address>
        </div>
      </div>
      <p className="border-t border-border/30 py-4 text-center text-xs text-text">
        © <CopyrightYear /> Marquee. Open-source movie catalogue.
      </p>
    </footer>
  );
}

/** The year is cached for a day: a prerendered page may not read the clock, and it changes once a year. */
// eslint-disable-next-line @typescript-eslint/require-await -- a "use cache" function must be async
async function CopyrightYear() {
  "use cache";
  cacheLife("days");
  return new Date().getFullYear();
}
