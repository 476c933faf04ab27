import { requireAdmin } from "@/lib/auth";
import { listCategories } from "@/lib/data/categories";
import { createCategory } from "@/lib/writes/categories";
import { json, parseJson, preflight, route } from "@/lib/http";
import { categorySchema } from "@/lib/validation/category";

export const GET = route(async () => listCategories());

export const POST = route(async (request) => {
  await requireAdmin(request);
  return json(await createCategory(await parseJson(request, categorySchema)), 201);
});

export const OPTIONS = preflight;
