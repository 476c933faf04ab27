import "server-only";
// The category writes of the API (lib/data/categories.ts) with what they leave to do: the cache
// tags of the lists and pages that show the category expire once the write has committed.
import * as categories from "@/lib/data/categories";
import type { CategoryInput } from "@/lib/validation/category";
import { carryOut } from "./effects";

/** POST /api/category. */
export async function createCategory(input: CategoryInput) {
  const { category, effects } = await categories.createCategory(input);
  await carryOut(effects);
  return category;
}

/** PUT /api/category/{id}. */
export async function updateCategory(id: string, input: CategoryInput) {
  const { category, effects } = await categories.updateCategory(id, input);
  await carryOut(effects);
  return category;
}

/** DELETE /api/category/{id}. */
export async function deleteCategory(id: string) {
  const { message, effects } = await categories.deleteCategory(id);
  await carryOut(effects);
  return { message };
}
