import type { Metadata } from "next";
import { FavoritesTable } from "@/components/account/favorites-table";
import { requirePageUser } from "@/lib/auth/page-user";
import { listFavorites } from "@/lib/data/favorites";

export const metadata: Metadata = { title: "Favorites" };

export default async function FavoritePage() {
  const user = await requirePageUser();
  return <FavoritesTable initial={await listFavorites(user.id)} />;
}
