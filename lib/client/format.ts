/** Spec section 9: an id shown as its first 8 characters in upper case. */
export const shortId = (id: string) => id.slice(0, 8).toUpperCase();

/** The long date format, e.g. 'November 22, 2026' (in UTC, so server and browser agree). */
export const formatLongDate = (iso: string) =>
  new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
