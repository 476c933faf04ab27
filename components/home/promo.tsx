import { ButtonLink } from "@/components/ui/button";
import { Poster } from "@/components/ui/poster";

/** The home page's welcome block. */
export function Promo({ poster }: { poster?: string }) {
  return (
    <section
      aria-labelledby="promo"
      className="grid items-center gap-8 rounded-lg border border-border/40 bg-dry p-6 sm:p-12 lg:grid-cols-2"
    >
      <div className="flex flex-col gap-5">
        <h2 id="promo" className="text-2xl font-bold leading-tight sm:text-4xl">
          Welcome to Marquee. Your cinema, wherever you are.
        </h2>
        <p className="leading-7 text-dryGray">
          Find something to watch in seconds: filter the catalogue by category, language, rating, length and year, keep
          your favourites in one list, and press play. The player starts at once and jumps anywhere in the film.
        </p>
        <div className="flex flex-wrap gap-4">
          <ButtonLink href="/movies">Browse movies</ButtonLink>
          <ButtonLink href="/register" variant="outline">
            Join free
          </ButtonLink>
        </div>
      </div>
      {poster && (
        <Poster
          src={poster}
          width={600}
          sizes="(min-width: 640px) 288px, 224px"
          className="mx-auto w-56 rounded-lg shadow-2xl sm:w-72"
        />
      )}
    </section>
  );
}
