import type { Metadata } from "next";
import { FavoritesTable } from "@/components/account/favorites-table";
import { requirePageUser } from "@/lib/auth/page-user";

export const metadata: Metadata = { title: "Favorites" };

export default async function FavoritePage() {
  await requirePageUser();
  return <FavoritesTable />;
}
