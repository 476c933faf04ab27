import type { Metadata } from "next";
import { IntentLink } from "@/components/ui/intent-link";
import { notFound } from "next/navigation";
import { Suspense, cache } from "react";
import { DownloadButton } from "@/components/movie/download-button";
import { AutoplayNextSwitch } from "@/components/movie/autoplay-next-switch";
import { LikeButton } from "@/components/movie/like-button";
import { MyListButton } from "@/components/movie/my-list-button";
import { Player } from "@/components/movie/player";
import { getPageUser } from "@/lib/auth/page-user";
import { resumePoint } from "@/lib/client/watch-progress";
import { PageLoading } from "@/components/ui/page-loading";
import { getMovieDetail } from "@/lib/data/movies";
import { getWatchProgress } from "@/lib/data/progress";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ play?: string | string[] }> };

const loadMovie = cache((id: string) => getMovieDetail(id));

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const movie = await loadMovie((await params).id);
  return { title: movie ? `Watch ${movie.name}` : "Watch", robots: { index: false } };
}

export default function WatchPage({ params, searchParams }: Props) {
  return (
    <Suspense fallback={<PageLoading />}>
      <WatchMovie params={params} searchParams={searchParams} />
    </Suspense>
  );
}

async function WatchMovie({ params, searchParams }: Props) {
  const [{ id }, { play }] = await Promise.all([params, searchParams]);
  const [movie, user] = await Promise.all([loadMovie(id), getPageUser()]);
  // proxy.ts answers an unknown id with the 404 page before this renders; a movie deleted in between gets it here.
  if (!movie) notFound();
  const progress = user ? await getWatchProgress(user.id, movie._id) : null;
  return (
    <main className="mx-auto max-w-7xl px-4 pt-4 pb-8 sm:px-6">
      {/* The player first, right below the header and sized to the screen (.watch-frame in
          app/globals.css); the title and the film's actions below it, as wide as the player. */}
      <div className="watch-frame flex flex-col gap-4">
        <Player
          movieId={movie._id}
          video={movie.video}
          hls={movie.hls}
          thumbnails={movie.thumbnails}
          poster={movie.titleImage}
          name={movie.name}
          subtitles={movie.subtitles}
          resumeAt={resumePoint(progress)}
          // ?play=1 (a card's Play, Continue watching, the next film): straight into the player, at the resume point.
          playAtOnce={play === "1"}
          signedIn={user !== null}
        />
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border/40 bg-dry p-4">
          <IntentLink
            href={`/movie/${movie._id}`}
            className="flex min-w-0 items-center gap-3 text-lg font-bold hover:text-accent focus-visible:outline-2 focus-visible:outline-subMain sm:text-xl"
          >
            <span aria-hidden="true">←</span>
            <h1 className="truncate">{movie.name}</h1>
          </IntentLink>
          <div className="flex flex-wrap items-center gap-3">
            <AutoplayNextSwitch />
            <MyListButton movieId={movie._id} movieName={movie.name} />
            <LikeButton movieId={movie._id} movieName={movie.name} />
            <DownloadButton videoUrl={movie.video} movieName={movie.name} />
          </div>
        </div>
      </div>
    </main>
  );
}
