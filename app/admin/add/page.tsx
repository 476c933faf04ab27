import type { Metadata } from "next";
import { MovieForm } from "@/components/admin/movie-form";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listCategories } from "@/lib/data/categories";

export const metadata: Metadata = { title: "Add Movie" };

export default async function AddMoviePage() {
  await requirePageAdmin();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Create Movie</h1>
      <MovieForm categories={await listCategories()} />
    </div>
  );
}
