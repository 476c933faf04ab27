// Text for search engines and link previews, shared by the pages that describe a movie.
import type { ListingFilters } from "@/lib/movie-filters";
import type { Language } from "@/lib/validation/movie";
import type { MovieSort } from "@/lib/validation/movie-query";

export const SITE_NAME = "Marquee";
const META_DESCRIPTION_LENGTH = 160;

/** At most `max` characters, cut at the last whole word with an ellipsis, never mid-word. */
export function truncateAtWord(text: string, max = META_DESCRIPTION_LENGTH): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const room = clean.slice(0, max - 1); // one character left for the ellipsis
  const lastSpace = room.lastIndexOf(" ");
  const cut = (lastSpace > 0 ? room.slice(0, lastSpace) : room).replace(/[\s,;:.!?-]+$/, "");
  return `${cut}…`;
}

/** BCP 47 codes of the catalogue's languages, for schema.org's inLanguage and the like. */
const LANGUAGE_CODES: Record<Language, string> = {
  English: "en",
  Arabic: "ar",
  French: "fr",
  German: "de",
  Spanish: "es",
  Italian: "it",
  Russian: "ru",
  Chinese: "zh",
  Japanese: "ja",
  Korean: "ko",
  Hindi: "hi",
  Urdu: "ur",
  Turkish: "tr",
  Portuguese: "pt",
  Dutch: "nl",
  Swedish: "sv",
  Danish: "da",
  Norwegian: "no",
  Finnish: "fi",
  Indonesian: "id",
  Malay: "ms",
  Thai: "th",
  Vietnamese: "vi",
  Hebrew: "he",
  Greek: "el",
  Polish: "pl",
  Romanian: "ro",
  Swahili: "sw",
};

/** The language's code, or undefined for a name outside the list (older rows). */
export const languageCode = (language: string): string | undefined => LANGUAGE_CODES[language as Language];

/**
 * The movie listing's meta description, written from what the page lists: the search term and each
 * filter in words, so every filtered URL (they are indexable) describes itself. `categoryName` is
 * the name of the category filter's category, when it names one that exists.
 */
export function listingDescription(search: string, filters: ListingFilters, categoryName?: string): string {
  // "in French", "from 2024" read as part of the subject; the rating and the length as asides.
  const where = [filters.language && `in ${filters.language}`, filters.year && `from ${filters.year}`].filter(Boolean);
  const asides = [
    filters.rate && `rated ${filters.rate} ${filters.rate === "1" ? "star" : "stars"} and up`,
    filters.time && `${filters.time} ${filters.time === "1" ? "hour" : "hours"} long`,
  ].filter(Boolean);
  const movies = categoryName ? `${categoryName} movies` : "movies";
  const subject = search
    ? `${capitalize(movies)} matching “${search}”`
    : where.length > 0 || asides.length > 0 || categoryName
      ? capitalize(movies)
      : "Every movie";
  const order = filters.sort ? SORT_PHRASES[filters.sort as MovieSort] : undefined;
  const listed = [[subject, ...where].join(" "), ...asides].join(", ") + (asides.length > 0 ? "," : "");
  let description = `${listed} in the ${SITE_NAME} catalogue${order ? `, ${order}` : ""}.`;
  if (filters.page && filters.page > 1) description += ` Page ${filters.page}.`;
  // The closing line only when it fits whole: a long search term or many filters leave it out.
  const closing = " Posters, cast and reviews; sign in to stream.";
  return description.length + closing.length <= META_DESCRIPTION_LENGTH
    ? description + closing
    : truncateAtWord(description);
}

/** The listing's orders (lib/data/movie-search-sql.ts) in words. */
const SORT_PHRASES: Record<MovieSort, string> = {
  newest: "newest first",
  rate: "top rated first",
  year: "latest year first",
  name: "from A to Z",
};

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
