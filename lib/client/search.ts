/** Spec section 5: a blank term goes to the plain list, anything else into the path. */
export function searchHref(term: string): string {
  const trimmed = term.trim();
  return trimmed ? `/movies/${encodeURIComponent(trimmed)}` : "/movies";
}
