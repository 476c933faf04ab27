"use client";
// The home page's Continue watching row. A client component that asks the API after hydration, so
// the rest of the home page stays the same for everyone (and cacheable); visitors get nothing.
import { useState } from "react";
import { toast } from "@/lib/client/toast";
import { useViewer } from "@/lib/client/viewer";
import { MovieCard } from "@/components/movie/movie-card";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import { useContinueWatching } from "@/lib/client/hooks";
import { progressUrl } from "@/lib/client/watch-progress";

export function ContinueWatching() {
  const viewer = useViewer();
  const { data: movies, mutate } = useContinueWatching(Boolean(viewer)); // undefined while the session is looked up: ask nothing yet;
  const [removing, setRemoving] = useState<string | null>(null);
  if (!movies?.length) return null;

  async function remove(movieId: string) {
    setRemoving(movieId);
    try {
      await apiFetch(progressUrl(movieId), { method: "DELETE" });
      await mutate((current) => current?.filter((movie) => movie._id !== movieId), { revalidate: false });
    } catch (failure) {
      toast.error(errorMessage(failure));
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section aria-labelledby="continue-watching" className="flex flex-col gap-6">
      <h2 id="continue-watching" className="text-2xl font-bold">
        Continue watching
      </h2>
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 md:grid-cols-3 lg:grid-cols-4">
        {movies.map((movie) => (
          <li key={movie._id} className="flex flex-col gap-2">
            <MovieCard movie={movie} />
            <button
              type="button"
              onClick={() => void remove(movie._id)}
              disabled={removing === movie._id}
              aria-label={`Remove ${movie.name} from row`}
              className="self-start rounded-md px-2 py-1 text-sm text-text underline-offset-4 hover:text-white hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain disabled:opacity-60"
            >
              Remove from row
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
