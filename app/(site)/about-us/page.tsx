import type { Metadata } from "next";
import { PageBanner } from "@/components/layout/page-banner";

export const metadata: Metadata = {
  title: "About Us",
  description: "Who makes Marquee, the open-source movie catalogue and streaming site.",
};

const FACTS = [
  { value: "10K+", label: "Listed movies", text: "From silent classics to this year's festival favourites." },
  { value: "8K+", label: "Lovely users", text: "Members who rate, review and keep their watch lists here." },
];

export default function AboutPage() {
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <PageBanner title="About Us" />
      <div className="mt-10 grid gap-10 lg:grid-cols-2">
        <section className="flex flex-col gap-5">
          <h2 className="text-2xl font-bold lg:text-3xl">Welcome to our Marquee</h2>
          <p className="leading-8 text-text">
            Marquee is an open-source movie catalogue and streaming site. Browse the whole catalogue, filter it by
            category, language, rating, running time and year, read what other members thought, and press play: the
            player starts at once and seeks anywhere in a long film.
          </p>
          <p className="leading-8 text-text">
            We built it for people who love films and for the small cinemas, festivals and archives that show them.
            Anyone can run their own Marquee with their own catalogue, on their own servers or in the cloud.
          </p>
        </section>
        <section className="grid gap-6 sm:grid-cols-2" aria-label="Marquee in numbers">
          {FACTS.map((fact) => (
            <div key={fact.label} className="rounded-lg border border-border/40 bg-dry p-8">
              <p className="text-3xl font-extrabold text-accent">{fact.value}</p>
              <h3 className="my-2 text-lg font-semibold">{fact.label}</h3>
              <p className="text-sm leading-7 text-text">{fact.text}</p>
            </div>
          ))}
        </section>
      </div>
    </main>
  );
}
