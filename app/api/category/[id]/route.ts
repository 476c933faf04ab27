import { requireAdmin } from "@/lib/auth";
import { getCategory } from "@/lib/data/categories";
import { deleteCategory, updateCategory } from "@/lib/writes/categories";
import { parseJson, preflight, route } from "@/lib/http";
import { categorySchema } from "@/lib/validation/category";

type Context = { params: Promise<{ id: string }> };

export const GET = route<Context>(async (_request, { params }) => getCategory((await params).id));

export const PUT = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  return updateCategory((await params).id, await parseJson(request, categorySchema));
});

export const DELETE = route<Context>(async (request, { params }) => {
  await requireAdmin(request);
  return deleteCategory((await params).id);
});

export const OPTIONS = preflight;
