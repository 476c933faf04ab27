import type { Category } from "@/lib/data/categories";

/** The categories as a select's options: each one's id, named. */
export const categoryOptions = (categories: readonly Category[]) =>
  categories.map((category) => ({ value: category._id, label: category.name }));
