// The admin movie form: create and update schemas, and the option lists the forms and filters show.
import { z } from "zod";
import { isAcceptedMediaUrl, mediaUrl, onLists, onStrings, requiredText, wholeNumber } from "./fields";
import { LANGUAGES, type Language } from "./movie-options";

export { LANGUAGES, type Language } from "./movie-options";

export const FIRST_FILM_YEAR = 1888;
const latestAllowedYear = () => new Date().getFullYear() + 1;
export const MOVIE_HOURS_MIN = 1;
export const MOVIE_HOURS_MAX = 10;

const languageByLowerCase = new Map<string, Language>(LANGUAGES.map((l) => [l.toLowerCase(), l]));

/** Stored as the canonical spelling, whatever case the client sent. */
const languageField = requiredText("language", "Language is required")
  .refine((value) => languageByLowerCase.has(value.toLowerCase()), "Language is not supported")
  .transform((value) => languageByLowerCase.get(value.toLowerCase()) as Language);

export const castNameField = requiredText("name", "Cast name is required", {
  max: 100,
  message: "Cast name must be at most 100 characters",
});

const castMemberSchema = z
  .object({
    name: castNameField,
    image: mediaUrl("image", "Cast image is required", "image", "Cast image").optional(),
    /** The detail shape calls the cast image `img` too; accepted when `image` is absent. */
    img: mediaUrl("img", "Cast image is required", "image", "Cast image").optional(),
  })
  .transform(({ name, image, img }, ctx) => {
    const picture = image ?? img;
    if (!picture) {
      ctx.addIssue({ code: "custom", path: ["image"], message: "Cast image is required" });
      return z.NEVER;
    }
    return { name, image: picture };
  });

const castsField = z
  .array(castMemberSchema, { error: (issue) => (issue.input == null ? "Cast is required" : "casts must be a list") })
  .min(1, onLists({ error: "Cast is required" }))
  .max(100, onLists({ error: "At most 100 cast members" }));

/** A BCP 47 language tag as browsers report them: "en", "pt-BR", "zh-Hant". */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*$/;

export const MAX_SUBTITLES = 20;

export const subtitleSchema = z.object({
  language: requiredText("language", "Subtitle language is required", {
    max: 35,
    message: "Subtitle language must be a language code such as en or pt-BR",
  }).refine(
    (tag) => LANGUAGE_TAG.test(tag),
    onStrings({ error: "Subtitle language must be a language code such as en or pt-BR" }),
  ),
  label: requiredText("label", "Subtitle label is required", {
    max: 60,
    message: "Subtitle label must be at most 60 characters",
  }),
  url: requiredText("url", "Subtitle file is required", {
    max: 2000,
    message: "Subtitle file must be uploaded here",
  }).refine((url) => isAcceptedMediaUrl(url, "subtitle"), onStrings({ error: "Subtitle file must be uploaded here" })),
});
export type SubtitleInput = z.infer<typeof subtitleSchema>;

/** Optional; when sent (also on edit), the list replaces the movie's subtitles. */
const subtitlesField = z
  .array(subtitleSchema, { error: "subtitles must be a list" })
  .max(MAX_SUBTITLES, onLists({ error: `At most ${MAX_SUBTITLES} subtitles` }));

export const movieCreateSchema = z.object({
  name: requiredText("name", "Name is required", { max: 200, message: "Name must be at most 200 characters" }),
  desc: requiredText("desc", "Decs is required", { max: 5000, message: "Decs must be at most 5000 characters" }),
  titleImage: mediaUrl("titleImage", "Title image is required", "image", "Title image"),
  image: mediaUrl("image", "Image is required", "image", "Image"),
  language: languageField,
  year: wholeNumber("year", "Year is required").pipe(
    z
      .number()
      .min(FIRST_FILM_YEAR, { error: () => `Year must be between ${FIRST_FILM_YEAR} and ${latestAllowedYear()}` })
      .refine((year) => year <= latestAllowedYear(), {
        error: () => `Year must be between ${FIRST_FILM_YEAR} and ${latestAllowedYear()}`,
      }),
  ),
  hour: wholeNumber("hour", "Hour is required").pipe(
    z
      .number()
      .min(MOVIE_HOURS_MIN, "Hour must be between 1 and 10")
      .max(MOVIE_HOURS_MAX, "Hour must be between 1 and 10"),
  ),
  video: mediaUrl("video", "Video is required", "movie", "Video"),
  category: requiredText("category", "Category is required", { max: 100, message: "Category not found" }),
  casts: castsField,
  subtitles: subtitlesField.optional(),
});
export type MovieCreateInput = z.infer<typeof movieCreateSchema>;

/**
 * An edit sends any of the create fields; the ones it sends follow the same rules. `draft: false`
 * publishes a draft (which must then pass every create rule); `draft: true` hides a movie again.
 */
export const movieUpdateSchema = movieCreateSchema.partial().extend({
  draft: z.boolean({ error: "draft must be true or false" }).optional(),
});
export type MovieUpdateInput = z.infer<typeof movieUpdateSchema>;
