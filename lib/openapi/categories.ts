// Categories (docs/api.md "Categories"): the public list, the admin's create, rename and delete,
// and the admin's list with usage counts.
import { categorySchema } from "@/lib/validation/category";
import { arrayOf, idParam, ref, requestSchema, tagged, type ApiResource } from "./operation";

const { anyone, admin } = tagged("categories");
const categoryId = idParam("category");

export const categoriesApi: ApiResource = {
  requestBodies: { CategoryBody: requestSchema(categorySchema) },
  paths: {
    "/api/category": {
      get: anyone("Every category, by name", { responses: { 200: ["Categories", arrayOf("Category")] } }),
      post: admin("Create a category", {
        body: "CategoryBody",
        responses: {
          201: ["The category", ref("Category")],
          409: "A category of that name (any case) exists",
        },
      }),
    },
    "/api/category/{id}": {
      get: anyone("A category", {
        parameters: categoryId,
        responses: { 200: ["The category", ref("Category")], 404: "Category not found" },
      }),
      put: admin("Rename a category", {
        parameters: categoryId,
        body: "CategoryBody",
        responses: {
          200: ["The category", ref("Category")],
          404: "Category not found",
          409: "A category of that name exists",
        },
      }),
      delete: admin("Delete an unused category", {
        parameters: categoryId,
        responses: {
          200: ["`Delete category successfully`", ref("Message")],
          404: "Category not found",
          409: "Movies still use it (the message says how many)",
        },
      }),
    },
    "/api/admin/categories": {
      get: tagged("admin").admin("Every category, by name, with how many movies use it (drafts included)", {
        responses: { 200: ["Categories", arrayOf("AdminCategory")] },
      }),
    },
  },
};
