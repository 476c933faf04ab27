"use client";
// The home page's "Because you watched <title>" rows. Like Continue watching, a client component
// that asks the API after hydration, so the home page stays the same for everyone (and is kept
// whole by Next); visitors get nothing.
import { IntentLink } from "@/components/ui/intent-link";
import { useViewer } from "@/lib/client/viewer";
import { MovieRow } from "@/components/movie/movie-row";
import { useRecommendations } from "@/lib/client/hooks";

export function BecauseYouWatched() {
  const viewer = useViewer();
  const { data: rows } = useRecommendations(Boolean(viewer)); // nothing is asked until the viewer is known
  if (!rows?.length) return null;
  return rows.map((row) => (
    <MovieRow
      key={row.because._id}
      id={`because-${row.because._id}`}
      title={
        <>
          Because you watched{" "}
          <IntentLink
            href={`/movie/${row.because._id}`}
            className="text-accent underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-subMain"
          >
            {row.because.name}
          </IntentLink>
        </>
      }
      movies={row.movies}
    />
  ));
}
