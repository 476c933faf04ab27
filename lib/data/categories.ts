import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import { db } from "@/lib/database/db";
import { Prisma } from "@/lib/generated/prisma/client";
import { conflict, notFound } from "@/lib/errors";
import type { CategoryInput } from "@/lib/validation/category";
import { cacheTags } from "@/lib/cache/tags";
import { isUuid } from "@/lib/validation/ids";
import type { AdminCategory, Category } from "@/lib/api-shapes";
import { writeEffects, type WriteEffects } from "./write-effects";

/** The Category of docs/api.md "Shapes". */
export type { AdminCategory, Category };

const categorySelect = { id: true, name: true, createdAt: true, updatedAt: true } satisfies Prisma.CategorySelect;
type CategoryRow = Prisma.CategoryGetPayload<{ select: typeof categorySelect }>;

function toCategory(row: CategoryRow): Category {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const CATEGORY_NOT_FOUND = "Category not found";
const isUniqueViolation = (error: unknown) =>
  error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002";
const duplicate = (name: string) => conflict(`Category "${name}" already exists`);

/** Every category, by name. */
export async function listCategories(): Promise<Category[]> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.categories);
  const rows = await db.category.findMany({ select: categorySelect, orderBy: { name: "asc" } });
  return rows.map(toCategory);
}

/**
 * GET /api/admin/categories: every category by name with how many movies use it, drafts included
 * (they too keep it from being deleted). Uncached: the counts change with every movie saved.
 */
export async function listCategoriesForAdmin(): Promise<AdminCategory[]> {
  const rows = await db.category.findMany({
    select: { ...categorySelect, _count: { select: { movies: true } } },
    orderBy: { name: "asc" },
  });
  return rows.map(({ _count, ...row }) => ({ ...toCategory(row), moviesCount: _count.movies }));
}

export async function getCategory(id: string): Promise<Category> {
  const category = isUuid(id) ? await cachedCategory(id) : null;
  if (!category) throw notFound(CATEGORY_NOT_FOUND);
  return category;
}

/** Returns null rather than throwing: a cached function's errors do not cross the cache intact. */
async function cachedCategory(id: string): Promise<Category | null> {
  "use cache";
  cacheLife("hours");
  cacheTag(cacheTags.category(id));
  const row = await db.category.findUnique({ where: { id }, select: categorySelect });
  return row && toCategory(row);
}

/** Names are unique regardless of case (citext): 409 for a duplicate. */
export async function createCategory(input: CategoryInput): Promise<{ category: Category; effects: WriteEffects }> {
  try {
    const category = toCategory(await db.category.create({ data: { name: input.name }, select: categorySelect }));
    return { category, effects: writeEffects({ staleTags: [cacheTags.categories] }) };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name);
    throw error;
  }
}

export async function updateCategory(
  id: string,
  input: CategoryInput,
): Promise<{ category: Category; effects: WriteEffects }> {
  if (!isUuid(id)) throw notFound(CATEGORY_NOT_FOUND);
  try {
    const category = toCategory(
      await db.category.update({ where: { id }, data: { name: input.name }, select: categorySelect }),
    );
    // The name shows in the list, on the category's movie pages and on every movie card.
    const staleTags = [cacheTags.categories, cacheTags.category(id), cacheTags.movieLists];
    return { category, effects: writeEffects({ staleTags }) };
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate(input.name);
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2025")
      throw notFound(CATEGORY_NOT_FOUND);
    throw error;
  }
}

/** A category that movies still use is kept: 409 saying how many. */
export async function deleteCategory(id: string): Promise<{ message: string; effects: WriteEffects }> {
  if (!isUuid(id)) throw notFound(CATEGORY_NOT_FOUND);
  await db.$transaction(async (tx) => {
    // The row lock makes a movie being created in this category wait (its foreign key needs the
    // row), so the count below stays true until the delete.
    const locked = await tx.$queryRaw<
      { id: string }[]
    >`SELECT "id" FROM "Category" WHERE "id" = ${id}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound(CATEGORY_NOT_FOUND);
    const movies = await tx.movie.count({ where: { categoryId: id } });
    if (movies > 0) {
      throw conflict(
        `This category is used by ${movies} ${movies === 1 ? "movie" : "movies"}: move or delete ${movies === 1 ? "it" : "them"} first`,
      );
    }
    await tx.category.delete({ where: { id } });
  });
  // No movie used it, so only the category list and its own record change.
  const staleTags = [cacheTags.categories, cacheTags.category(id)];
  return { message: "Delete category successfully", effects: writeEffects({ staleTags }) };
}
