// The admin lists keep their state in the page's URL. The server renders the list the URL asks for,
// and the client reads the same list from the API: both build the API's query string here, from the
// parameters the list knows, in a fixed order, so the client's first key is the server's.
import type { z } from "zod";

type PageParams = Record<string, string | string[] | undefined> | URLSearchParams;

/** The query string of the list's known parameters (empty ones left out), in the order of `keys`. */
export function listQueryString(params: PageParams, keys: readonly string[]): string {
  const query = new URLSearchParams();
  for (const key of keys) {
    const raw = params instanceof URLSearchParams ? params.get(key) : params[key];
    const value = Array.isArray(raw) ? raw[0] : raw;
    if (value) query.set(key, value);
  }
  return query.toString();
}

/** The page's list query, parsed; a URL that does not parse shows the unfiltered list (the API will say why). */
export function adminListQuery<T extends z.ZodType>(
  params: PageParams,
  schema: T,
  keys: readonly string[],
): { query: z.output<T>; key: string } {
  const key = listQueryString(params, keys);
  const parsed = schema.safeParse(Object.fromEntries(new URLSearchParams(key)));
  return { query: parsed.success ? parsed.data : schema.parse({}), key };
}
