import { z } from "zod";
import { requiredText } from "./fields";

/** The like button's body. Whether the id names a movie is the server's business (404). */
export const favoriteToggleSchema = z.object({
  idMovie: requiredText("idMovie", "Movie id is required", { max: 100, message: "Movie not found" }),
});
