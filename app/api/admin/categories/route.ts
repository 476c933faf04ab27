import { requireAdmin } from "@/lib/auth";
import { listCategoriesForAdmin } from "@/lib/data/categories";
import { preflight, route } from "@/lib/http";

/** The admin's categories table: every category with how many movies use it. */
export const GET = route(async (request) => {
  await requireAdmin(request);
  return listCategoriesForAdmin();
});

export const OPTIONS = preflight;
