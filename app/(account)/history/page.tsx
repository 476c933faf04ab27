import type { Metadata } from "next";
import { HistoryTable } from "@/components/account/history-table";
import { requirePageUser } from "@/lib/auth/page-user";
import { listHistory } from "@/lib/data/progress";

export const metadata: Metadata = { title: "History" };

export default async function HistoryPage() {
  const user = await requirePageUser();
  return <HistoryTable initial={await listHistory(user.id, {})} />;
}
