"use client";

import { IntentLink } from "@/components/ui/intent-link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DataTable, cellClass } from "@/components/ui/data-table";
import { useAdminCategories } from "@/lib/client/hooks";
import { answerMessage, useApiMutation } from "@/lib/client/use-api-mutation";
import { formatLongDate, shortId } from "@/lib/client/format";
import type { AdminCategory, Category } from "@/lib/data/categories";
import { CategoryDialog } from "./category-dialog";
import { EditDeleteActions, ListBody } from "./list-kit";

const moviesCount = (count: number) => `${count} ${count === 1 ? "movie" : "movies"}`;

/**
 * `initial` is the list as the server rendered it. Each row keeps the original columns (short id, created
 * date, title) and adds what an admin decides with: how many movies use it, as a link to them
 * (docs/architecture.md, "The admin area at scale").
 */
export function CategoriesTable({ initial }: { initial: AdminCategory[] }) {
  const { data: categories, error, isLoading, mutate } = useAdminCategories(initial);
  const [dialog, setDialog] = useState<{ category: Category | null } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const { run, pending } = useApiMutation();

  // docs/product.md "Admin: categories": a refused delete (movies still use it) is an error toast with the
  // API's message.
  const deleteCategory = (category: Category) =>
    run(category._id, `/api/category/${category._id}`, {
      method: "DELETE",
      success: answerMessage,
      then: () => {
        setDeleting(null);
        return mutate();
      },
    });

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-xl font-bold">Categories</h1>
        <Button onClick={() => setDialog({ category: null })}>Create</Button>
      </div>
      <ListBody loading={isLoading && !categories} error={error} empty={categories?.length ? null : "No categories"}>
        <DataTable label="Categories" head={["ID", "Date", "Title", "Movies", "Actions"]}>
          {categories?.map((category) => (
            <tr key={category._id}>
              <td className={`${cellClass} font-mono font-semibold`}>{shortId(category._id)}</td>
              <td className={cellClass}>{formatLongDate(category.createdAt)}</td>
              <td className={cellClass}>{category.name}</td>
              <td className={`${cellClass} whitespace-nowrap`}>
                <IntentLink
                  href={`/admin/list?category=${category._id}`}
                  aria-label={`${moviesCount(category.moviesCount)} in ${category.name}`}
                  className="rounded text-white/90 underline decoration-border underline-offset-4 hover:text-white hover:decoration-subMain focus-visible:outline-2 focus-visible:outline-subMain"
                >
                  {moviesCount(category.moviesCount)}
                </IntentLink>
              </td>
              <td className={cellClass}>
                <EditDeleteActions
                  name={category.name}
                  onEdit={() => setDialog({ category })}
                  onDelete={() => setDeleting(category)}
                />
              </td>
            </tr>
          ))}
        </DataTable>
      </ListBody>
      <CategoryDialog
        open={dialog !== null}
        category={dialog?.category ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => void mutate()}
      />
      {/* The original client's words, Yes and No included: the one confirmation that does not name its action. */}
      <ConfirmDialog
        open={deleting !== null}
        busy={pending !== null}
        message="Are you sure you want to delete this category?"
        confirmLabel="Yes"
        cancelLabel="No"
        onConfirm={() => deleting && void deleteCategory(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
