import type { Metadata } from "next";
import { DataTable, Thumbnail, cellClass } from "@/components/ui/data-table";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listLatestMovies } from "@/lib/data/movies";
import { siteTotals } from "@/lib/data/statistics";

export const metadata: Metadata = { title: "Statistics" };

const RECENT_MOVIES = 8;

export default async function StatisticsPage() {
  await requirePageAdmin();
  const [totals, recent] = await Promise.all([siteTotals(), listLatestMovies(RECENT_MOVIES)]);
  const cards = [
    { label: "Total Movies", value: totals.movies, icon: "🎬" },
    { label: "Total Categories", value: totals.categories, icon: "🗂️" },
    { label: "Total Users", value: totals.users, icon: "👥" },
  ];
  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-xl font-bold">Statistics</h1>
      <ul className="grid gap-4 sm:grid-cols-3">
        {cards.map(({ label, value, icon }) => (
          <li key={label} className="flex items-center gap-4 rounded-lg border border-border/40 bg-main p-5">
            <span aria-hidden="true" className="flex size-12 items-center justify-center rounded-full bg-subMain/15 text-2xl">
              {icon}
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
      <h2 className="text-lg font-semibold">Recent Movies</h2>
      <DataTable label="Recent movies" head={["Image", "Name", "Category", "Language", "Year", "Hours"]}>
        {recent.map((movie) => (
          <tr key={movie._id}>
            <td className={cellClass}>
              <Thumbnail src={movie.image} alt="" />
            </td>
            <td className={`${cellClass} font-semibold`}>{movie.name}</td>
            <td className={cellClass}>{movie.category.name}</td>
            <td className={cellClass}>{movie.language}</td>
            <td className={cellClass}>{movie.year}</td>
            <td className={cellClass}>{movie.hour} Hr</td>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}
