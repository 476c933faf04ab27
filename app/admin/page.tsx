import { redirect } from "next/navigation";
import { requirePageAdmin } from "@/lib/auth/page-user";

export default async function AdminIndex() {
  await requirePageAdmin();
  redirect("/admin/statistics");
}
