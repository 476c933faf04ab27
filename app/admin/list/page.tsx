import type { Metadata } from "next";
import { MoviesTable } from "@/components/admin/movies-table";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listMoviesForAdmin } from "@/lib/data/admin-movies";
import { listCategories } from "@/lib/data/categories";
import { ADMIN_MOVIE_QUERY_KEYS, adminMoviesQuerySchema } from "@/lib/validation/admin-movie";
import { adminListQuery } from "@/lib/validation/admin-list-query";

export const metadata: Metadata = { title: "Movies List" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function MovieListPage({ searchParams }: Props) {
  await requirePageAdmin();
  // The list the URL asks for is in the first HTML; the table reloads through the API after a change.
  const { query, key } = adminListQuery(await searchParams, adminMoviesQuerySchema, ADMIN_MOVIE_QUERY_KEYS);
  const [page, categories] = await Promise.all([listMoviesForAdmin(query), listCategories()]);
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Movies List</h1>
      <MoviesTable initial={{ query: key, page }} categories={categories} />
    </div>
  );
}
