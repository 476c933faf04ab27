import Link from "next/link";
import { listCategories } from "@/lib/data/categories";
import { Logo } from "./logo";

export const CONTACT = {
  address: "96 Nguyen Hue Boulevard, District 1, Ho Chi Minh City, Vietnam",
  phone: "+84 28 3822 5600",
  email: "hello@marquee.example",
};

/** The footer's columns link where their labels promise (the spec's were placeholders to home). */
export async function SiteFooter() {
  const categories = (await listCategories()).slice(0, 4);
  const columns = [
    {
      title: "Company",
      links: [
        { href: "/", label: "Home" },
        { href: "/about-us", label: "About Us" },
        { href: "/contact", label: "Contact Us" },
        { href: "/movies", label: "Movies" },
      ],
    },
    { title: "Top Categories", links: categories.map((category) => ({ href: `/movies?category=${category._id}`, label: category.name })) },
    {
      title: "My Account",
      links: [
        { href: "/login", label: "Sign In" },
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
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link href={link.href} className="text-sm text-text transition hover:text-subMain focus-visible:outline-2 focus-visible:outline-subMain">
                    {link.label}
                  </Link>
                </li>
              ))}
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
      <p className="border-t border-border/30 py-4 text-center text-xs text-text">© {new Date().getFullYear()} Marquee. Open-source movie catalogue.</p>
    </footer>
  );
}
