// The catalogue's fixed vocabularies and sizes, shared by the schemas (movie.ts, movie-query.ts) and
// the client components that show them. No zod here: a client bundle that only needs a list or a
// number does not take the validation library with it (docs/performance.md, "Lighthouse").

/** docs/product.md "Catalogue and filters": the language filter's options (the only languages a movie may have). */
export const LANGUAGES = [
  "English",
  "Arabic",
  "French",
  "German",
  "Spanish",
  "Italian",
  "Russian",
  "Chinese",
  "Japanese",
  "Korean",
  "Hindi",
  "Urdu",
  "Turkish",
  "Portuguese",
  "Dutch",
  "Swedish",
  "Danish",
  "Norwegian",
  "Finnish",
  "Indonesian",
  "Malay",
  "Thai",
  "Vietnamese",
  "Hebrew",
  "Greek",
  "Polish",
  "Romanian",
  "Swahili",
] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 50;

/**
 * Filter bar options (docs/product.md "Catalogue and filters"): rates 1 to 5 stars, hours 1 to 10; years come
 * from the catalogue.
 */
export const RATE_FILTER_OPTIONS = [1, 2, 3, 4, 5].map((value) => ({ value, label: `${value} Star` }));
export const HOUR_FILTER_OPTIONS = Array.from({ length: 10 }, (_, i) => ({ value: i + 1, label: `${i + 1} Hours` }));

/**
 * The listing's orders (docs/api.md "Movies"). Without `sort`, a search lists best matches first, else newest
 * first.
 */
export const MOVIE_SORTS = ["newest", "rate", "year", "name"] as const;
export type MovieSort = (typeof MOVIE_SORTS)[number];
export const SORT_OPTIONS: { value: MovieSort; label: string }[] = [
  { value: "newest", label: "Newest" },
  { value: "rate", label: "Top Rated" },
  { value: "year", label: "Year" },
  { value: "name", label: "A-Z" },
];
