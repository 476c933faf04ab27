import type { Metadata } from "next";
import { CategoriesTable } from "@/components/admin/categories-table";
import { requirePageAdmin } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Categories" };

export default async function CategoriesPage() {
  await requirePageAdmin();
  return <CategoriesTable />;
}
