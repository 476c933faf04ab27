// How many typos a search word may carry, by its length (docs/api.md, "Search"). Plain values, no
// imports: lib/env.ts validates the settings against these, and the search passes the configured
// rules to marquee_search() (prisma/search.sql), since SQL functions cannot read the environment.

/** A word of `oneTypoMinLength` letters or more forgives one typo; of `twoTyposMinLength` or more, two. */
export type TypoRules = { oneTypoMinLength: number; twoTyposMinLength: number };

/**
 * Typesense's defaults (Algolia's are 4 and 8), and the most forgiving rules the search lexicon is
 * built for: prisma/search.sql stores each word's deletion variants to this depth
 * (marquee_lexicon_typo_budget), so settings may be stricter, never more forgiving.
 */
export const LEXICON_TYPO_RULES: TypoRules = { oneTypoMinLength: 4, twoTyposMinLength: 7 };

/** Typos forgiven in a word of `length` letters. */
export function typoBudget(length: number, rules: TypoRules): number {
  if (length >= rules.twoTyposMinLength) return 2;
  return length >= rules.oneTypoMinLength ? 1 : 0;
}
