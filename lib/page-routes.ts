// Which pages are which, for proxy.ts and next.config.ts (no imports: the config loads it too): the one list of paths that decide redirects and the
// Content-Security-Policy kind. A prefix covers the path itself and everything below it.

/** Pages for signed-in users only: signed out, proxy.ts sends the browser to /login first. */
export const SIGNED_IN_PAGES = [
  "/profile",
  "/password",
  "/favorite",
  "/my-list",
  "/history",
  "/admin",
  "/confirm-email",
];
/** Pages for admins only: another signed-in user gets the 404 page. */
export const ADMIN_PAGES = ["/admin"];
/** Pages a signed-in user has no business on: proxy.ts sends them to /profile. */
export const SIGNED_OUT_PAGES = ["/login", "/register"];
/**
 * Pages rendered for every request (they depend on who asks, or hold a player or a form that
 * matters): they get the strict per-request nonce policy. Every other page (home, movies, movie
 * details, about us, contact, the 404 page) may be prerendered and cached, where no nonce can be
 * put in; see docs/security.md.
 */
// Not /watch: its shell is prerendered (Cache Components), so its scripts carry no nonce.
export const PER_REQUEST_PAGES = [
  "/login",
  "/register",
  "/profile",
  "/password",
  "/favorite",
  "/my-list",
  "/history",
  "/admin",
  // Pages opened from email links: they carry a one-time token and forms.
  "/forgot-password",
  "/reset-password",
  "/verify-email",
  "/confirm-email",
  "/undo-email",
];

/** The movie listing's filters, as named in /movies' query string (lib/movie-filters.ts reads them). */
export const LISTING_FILTER_KEYS = ["category", "language", "rate", "time", "year", "sort"] as const;

/**
 * Where next.config.ts rewrites /movies with no filter or page in its query: the unfiltered list, which
 * Next keeps whole. A page that reads the query string cannot be kept, and one that ignores it would be
 * reused by the browser's router for /movies?page=2 (it predicts a URL's page from its path): hence
 * a path of its own.
 */
export const MOVIES_CATALOGUE_PATH = "/movies-catalogue";

/** What makes /movies a filtered or later page rather than the kept unfiltered list. */
export const LISTING_QUERY_KEYS = [...LISTING_FILTER_KEYS, "page"] as const;

/**
 * Pages Next keeps whole once rendered, when the site's address is configured (PUBLIC_URL or
 * NEXTAUTH_URL; without one, every page reads the request's address and is rendered per request):
 * the home page, the unfiltered list, each movie and the static pages. The list mirrors what
 * docs/architecture.md ("Caching") describes; proxy.ts uses it to leave every client on them the kept
 * copy (lib/http/html-only-clients.ts).
 */
export function isKeptPage(pathname: string, query: URLSearchParams): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/$/, "") : pathname;
  if (path === "/movies") return !LISTING_QUERY_KEYS.some((key) => query.has(key));
  return ["/", "/about-us", "/contact"].includes(path) || /^\/movie\/[^/]+$/.test(path);
}

/** Where signed-in users land when they open a signed-out page, and where /login sends them by default. */
export const SIGNED_IN_HOME = "/profile";

export function isUnder(pathname: string, prefixes: readonly string[]): boolean {
  return prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

/**
 * A `callbackUrl` that is safe to follow after sign-in: a path on this site. `//host` and `/\host`
 * are other hosts to a browser, and anything with a scheme is another site.
 */
export function localCallbackPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  // Control characters (a tab or newline inside "/\t/host") are dropped by URL parsers.
  if (/[\u0000-\u001F\u007F]/.test(value)) return null;
  return value;
}

/** A page's `searchParams` (Next hands them over as a promise). */
export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** One query parameter's value: the first, when the address repeats it. */
export const singleParam = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/** `?callbackUrl=` of the login and register pages, kept only when it is a path on this site. */
export const callbackPathParam = (value: string | string[] | undefined) =>
  localCallbackPath(singleParam(value)) ?? undefined;
