// Which text no field takes. No zod here: the header's search box (on every page) checks a term with
// it, and the validation library would add 31 kB to every page's JavaScript (docs/performance.md).

/**
 * C0 controls except tab, line feed and carriage return (a review or a description may have lines),
 * DEL and the C1 controls. No one types them; PostgreSQL refuses NUL in text outright (22021).
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

/** True when a string holds a control character or a lone surrogate half (not valid Unicode text). */
export function hasForbiddenCharacters(value: string): boolean {
  return CONTROL_CHARACTER.test(value) || !value.isWellFormed();
}
