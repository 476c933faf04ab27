import { z } from "zod";
import { requiredText } from "./fields";

export const categorySchema = z.object({
  name: requiredText("name", "Title Category is required", {
    max: 100,
    message: "Title Category must be at most 100 characters",
  }),
});
export type CategoryInput = z.infer<typeof categorySchema>;
