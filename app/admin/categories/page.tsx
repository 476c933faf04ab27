import type { Metadata } from "next";
import { CategoriesTable } from "@/components/admin/categories-table";
import { requirePageAdmin } from "@/lib/auth/page-user";
import { listCategoriesForAdmin } from "@/lib/data/categories";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage() {
  await requirePageAdmin();
  return <CategoriesTable initial={await listCategoriesForAdmin()} />;
}
