// Text for search engines and link previews, shared by the pages that describe a movie.
import type { Language } from "@/lib/validation/movie";

export const SITE_NAME = "Marquee";
export const META_DESCRIPTION_LENGTH = 160;

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
