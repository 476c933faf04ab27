"use client";

import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { toast } from "@/lib/client/toast";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/form-field";
import { apiFetch, errorMessage } from "@/lib/client/fetcher";
import type { Category } from "@/lib/data/categories";
import { categorySchema } from "@/lib/validation/category";

type Props = { open: boolean; category: Category | null; onClose: () => void; onSaved: () => void };

/**
 * 'Create Category' or, given a category, 'Edit Category'. Closing clears the form (docs/product.md
 * "Admin: categories").
 */
export function CategoryDialog({ open, category, onClose, onSaved }: Props) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(categorySchema), defaultValues: { name: "" } });

  useEffect(() => {
    if (open) reset({ name: category?.name ?? "" });
  }, [open, category, reset]);

  const close = () => {
    reset({ name: "" });
    onClose();
  };

  const onSubmit = handleSubmit(async ({ name }) => {
    try {
      await apiFetch(category ? `/api/category/${category._id}` : "/api/category", {
        method: category ? "PUT" : "POST",
        body: { name },
      });
      toast.success(category ? "Category updated successfully" : "Category created successfully");
      onSaved();
      close();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <Dialog open={open} onClose={close} title={category ? "Edit Category" : "Create Category"}>
      <form onSubmit={(event) => void onSubmit(event)} noValidate className="flex flex-col gap-6">
        <TextField
          label="Category Name"
          placeholder="Actions"
          autoFocus
          error={errors.name?.message}
          {...register("name")}
        />
        <Button type="submit" disabled={isSubmitting} className="w-full py-3">
          {isSubmitting ? "Processing..." : category ? "Update" : "Add"}
        </Button>
      </form>
    </Dialog>
  );
}
