import type { Metadata } from "next";
import { PageBanner } from "@/components/layout/page-banner";
import { CONTACT } from "@/components/layout/site-footer";

export const metadata: Metadata = { title: "Contact Us", description: "How to reach the Marquee team." };

const CARDS = [
  {
    title: "Email",
    text: "Questions, ideas or a catalogue to share: write to us.",
    detail: CONTACT.email,
    href: `mailto:${CONTACT.email}`,
  },
  {
    title: "Call",
    text: "Monday to Friday, 9:00 to 18:00 (Indochina Time).",
    detail: CONTACT.phone,
    href: `tel:${CONTACT.phone.replace(/\s/g, "")}`,
  },
  { title: "Location", text: "Come and see a film with us.", detail: CONTACT.address, href: undefined },
];

export default function ContactPage() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <PageBanner title="Contact Us" />
      <div className="mt-10 grid gap-6 md:grid-cols-3">
        {CARDS.map((card) => (
          <section
            key={card.title}
            className="flex flex-col items-center gap-3 rounded-lg border border-border/40 bg-dry p-8 text-center"
          >
            <h2 className="text-xl font-semibold">{card.title}</h2>
            <p className="text-sm leading-7 text-text">{card.text}</p>
            {card.href ? (
              <a
                href={card.href}
                className="font-semibold text-accent hover:underline focus-visible:outline-2 focus-visible:outline-subMain"
              >
                {card.detail}
              </a>
            ) : (
              <p className="font-semibold text-accent">{card.detail}</p>
            )}
          </section>
        ))}
      </div>
    </main>
  );
}
