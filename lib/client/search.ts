import { hasForbiddenCharacters } from "@/lib/validation/characters";

/** docs/product.md "Search": a blank term goes to the plain list, anything else into the path. */
export function searchHref(term: string): string {
  const trimmed = term.trim();
  return trimmed ? `/movies/${encodeURIComponent(trimmed)}` : "/movies";
}

/**
 * The search term of a /movies/{term} path, for the header box; "" elsewhere, and for a term no
 * search takes (control characters: the 404 page of /movies/a%00b must not put a NUL in the box).
 */
export function searchTermFromPath(pathname: string | null): string {
  const segment = /^\/movies\/([^/]+)\/?$/.exec(pathname ?? "")?.[1];
  if (!segment) return "";
  let term = segment;
  try {
    term = decodeURIComponent(segment);
  } catch {
    // shown as it came
  }
  return hasForbiddenCharacters(term) ? "" : term;
}

/** Case and accents folded away, one character at a time (close to the server's folding). */
const foldChar = (char: string) => char.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();

export type HighlightPart = { text: string; match: boolean };

/**
 * `name` cut into parts, those that a word of `query` starts marked: "blackw" marks "Blackw" in
 * "Blackwater Verdict", "creme" marks "Crème". Words that matched through a typo stay unmarked.
 */
export function highlightMatches(name: string, query: string): HighlightPart[] {
  const queryWords = [
    ...new Set(Array.from(query.matchAll(/[\p{L}\p{N}]+/gu), (m) => Array.from(m[0], foldChar).join(""))),
  ].filter(Boolean);
  const parts: HighlightPart[] = [];
  const push = (text: string, match: boolean) => {
    if (!text) return;
    const last = parts.at(-1);
    if (last && last.match === match) last.text += text;
    else parts.push({ text, match });
  };
  let cursor = 0;
  for (const word of name.matchAll(/[\p{L}\p{N}]+/gu)) {
    const start = word.index;
    push(name.slice(cursor, start), false);
    const chars = Array.from(word[0]);
    // Folded text and, for each folded character, how many original characters lead up to it.
    let folded = "";
    const ends: number[] = [];
    chars.forEach((char, index) => {
      const piece = foldChar(char);
      folded += piece;
      for (let i = 0; i < piece.length; i++) ends.push(index + 1);
    });
    const longest = Math.max(0, ...queryWords.filter((q) => folded.startsWith(q)).map((q) => q.length));
    const matchedChars = longest ? (ends[longest - 1] ?? chars.length) : 0;
    push(chars.slice(0, matchedChars).join(""), true);
    push(chars.slice(matchedChars).join(""), false);
    cursor = start + word[0].length;
  }
  push(name.slice(cursor), false);
  return parts;
}
