import Link from "next/link";
import { listLatestMovies } from "@/lib/data/movies";

// The catalogue changes as admins work: render on every request.
export const dynamic = "force-dynamic";

export default async function HomePage() {
  const movies = await listLatestMovies(20);
  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <h2 className="mb-6 text-2xl font-bold">Populate Film</h2>
      {movies.length === 0 ? (
        <p className="text-text">No movies</p>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
          {movies.map((movie) => (
            <li key={movie._id}>
              <Link href={`/movie/${movie._id}`} className="group block overflow-hidden rounded-lg border border-border bg-dry focus-visible:outline-2 focus-visible:outline-subMain">
                {/* eslint-disable-next-line @next/next/no-img-element -- stored images are already sized webp */}
                <img src={movie.image} alt={movie.name} width={600} height={900} className="aspect-[2/3] w-full object-cover transition group-hover:scale-105" />
                <div className="flex items-center justify-between gap-2 px-4 py-3">
                  <h3 className="truncate font-semibold">{movie.name}</h3>
                  <span className="text-sm text-text">{movie.year}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
