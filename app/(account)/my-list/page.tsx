import type { Metadata } from "next";
import { MyListGrid } from "@/components/account/my-list-grid";
import { requirePageUser } from "@/lib/auth/page-user";
import { listMyList } from "@/lib/data/my-list";

export const metadata: Metadata = { title: "My List" };

export default async function MyListPage() {
  const user = await requirePageUser();
  return <MyListGrid initial={await listMyList(user.id)} />;
}
