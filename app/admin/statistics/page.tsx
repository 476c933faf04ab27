import type { Metadata } from "next";
import { Suspense } from "react";
import { StatisticsChart } from "@/components/admin/statistics-chart";
import { Runtime } from "@/components/movie/runtime";
import { MovieCells } from "@/components/movie/movie-cells";
import { DataTable, cellClass } from "@/components/ui/data-table";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listLatestMovies } from "@/lib/data/movies";
import {
  MOST_WATCHED_COUNT,
  PLAY_DAYS,
  SIGN_UP_WEEKS,
  mostWatchedMovies,
  playsPerDay,
  signUpsPerWeek,
  siteTotals,
  storageUse,
  transcodeQueue,
} from "@/lib/data/statistics";

export const metadata: Metadata = { title: "Statistics" };

const RECENT_MOVIES = 8;

const FILM = (
  <>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 4v16M17 4v16M3 9h4M3 15h4M17 9h4M17 15h4" />
  </>
);
const FOLDERS = <path d="M3 7a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z" />;
const USERS = (
  <>
    <circle cx="9" cy="8" r="3.5" />
    <path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14a6.5 6.5 0 0 1 3.5 6" />
  </>
);

export default async function StatisticsPage() {
  await requirePageAdmin();
  const [totals, recent, plays, signUps, mostWatched, transcodes] = await Promise.all([
    siteTotals(),
    listLatestMovies(RECENT_MOVIES),
    playsPerDay(),
    signUpsPerWeek(),
    mostWatchedMovies(),
    transcodeQueue(),
  ]);
  const cards = [
    { label: "Total Movies", value: totals.movies, icon: FILM },
    { label: "Total Categories", value: totals.categories, icon: FOLDERS },
    { label: "Total Users", value: totals.users, icon: USERS },
  ];
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-xl font-bold">Statistics</h1>
      <ul className="grid gap-4 sm:grid-cols-3">
        {cards.map(({ label, value, icon }) => (
          <li key={label} className="flex items-center gap-4 rounded-lg border border-border/40 bg-main p-5">
            <span
              aria-hidden="true"
              className="flex size-12 shrink-0 items-center justify-center rounded-full bg-subMain/15 text-accent"
            >
              <svg
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
                className="size-6"
              >
                {icon}
              </svg>
            </span>
            <div>
              <p className="text-sm text-text">{label}</p>
              <p className="mt-1 text-2xl font-bold" data-testid={label}>
                {value}
              </p>
            </div>
          </li>
        ))}
      </ul>
      <div className="grid gap-4 lg:grid-cols-2">
        <StatisticsChart
          title="Plays per day"
          description={`Movies members watched, by the day they last watched them, over the last ${PLAY_DAYS} days (UTC)`}
          rows={plays}
          labelHeading="Day"
          valueHeading="Plays"
          labelFormat="day"
        />
        <StatisticsChart
          title="Sign-ups per week"
          description={`New accounts each week (from Monday) over the last ${SIGN_UP_WEEKS} weeks`}
          rows={signUps}
          labelHeading="Week"
          valueHeading="Sign-ups"
          labelFormat="week"
        />
        <StatisticsChart
          title="Most watched movies"
          description={`The ${MOST_WATCHED_COUNT} movies the most members have watched`}
          rows={mostWatched}
          labelHeading="Movie"
          valueHeading="Viewers"
          horizontal
          empty="Nobody has watched a movie yet."
        />
        <StatisticsChart
          title="Transcode queue"
          description="Movies by the state of their video's HLS transcode"
          rows={transcodes}
          labelHeading="State"
          valueHeading="Movies"
        />
        <Suspense fallback={<StorageChartSkeleton />}>
          <StorageChart />
        </Suspense>
      </div>
      <h2 className="text-lg font-semibold">Recent Movies</h2>
      <DataTable label="Recent movies" head={["Image", "Name", "Category", "Language", "Year", "Runtime"]}>
        {recent.map((movie) => (
          <tr key={movie._id}>
            <MovieCells movie={movie} />
            <td className={cellClass}>
              <Runtime hour={movie.hour} durationSeconds={movie.durationSeconds} />
            </td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

const STORAGE_TITLE = "Storage by kind";
const STORAGE_DESCRIPTION =
  "Bytes in storage: pictures, videos, their HLS renditions and subtitles (weighed every 15 minutes)";

/** Listing a large bucket takes a while: the rest of the page does not wait for it. */
async function StorageChart() {
  const use = await storageUse();
  return (
    <StatisticsChart
      title={STORAGE_TITLE}
      description={STORAGE_DESCRIPTION}
      rows={use.map((kind) => ({ label: kind.kind, value: kind.bytes, detail: kind.files }))}
      labelHeading="Kind"
      valueHeading="Size"
      detailHeading="Files"
      valueFormat="bytes"
    />
  );
}

function StorageChartSkeleton() {
  return (
    <section className="flex flex-col gap-3 rounded-lg border border-border/40 bg-main p-4" aria-busy="true">
      <h2 className="font-semibold">{STORAGE_TITLE}</h2>
      <p className="text-sm text-text">{STORAGE_DESCRIPTION}</p>
      <p className="py-10 text-center text-sm text-text">Weighing the storage…</p>
    </section>
  );
}
