import type { Metadata } from "next";
import { MovieForm } from "@/components/admin/movie-form";
import { requirePageAdmin } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Add Movie" };

export default async function AddMoviePage() {
  await requirePageAdmin();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-xl font-bold">Create Movie</h1>
      <MovieForm />
    </div>
  );
}
