import type { Metadata } from "next";
import { MoviesTable } from "@/components/admin/movies-table";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listMovies } from "@/lib/data/movies";
import { ADMIN_MOVIES_PAGE_SIZE } from "@/lib/validation/movie-query";

export const metadata: Metadata = { title: "Movies List" };

export default async function MovieListPage() {
  await requirePageAdmin();
  // The first page is in the first HTML; the table reloads through the API after a change.
  const firstPage = await listMovies({ limit: ADMIN_MOVIES_PAGE_SIZE, page: 1 });
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Movies List</h1>
      <MoviesTable initial={firstPage} />
    </div>
  );
}
