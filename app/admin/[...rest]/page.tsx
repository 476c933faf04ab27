import { redirect } from "next/navigation";
import { requirePageAdmin } from "@/lib/auth/page-user";

/** docs/product.md "Pages and access": any other admin path shows Statistics (only to admins: others learn nothing). */
export default async function UnknownAdminPath() {
  await requirePageAdmin();
  redirect("/admin/statistics");
}
