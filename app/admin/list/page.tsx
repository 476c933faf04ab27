import type { Metadata } from "next";
import { MoviesTable } from "@/components/admin/movies-table";
import { requirePageAdmin } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Movies List" };

export default async function MovieListPage() {
  await requirePageAdmin();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Movies List</h1>
      <MoviesTable />
    </div>
  );
}
