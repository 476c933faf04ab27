// Helpers for tests that talk to the running app over HTTP, as any client would.
export const baseUrl = process.env.TEST_BASE_URL!;

/** A stored path as the API answers it (docs/api.md "Shapes"): absolute, on the address the request was made to. */
export const absolute = (path: string) => `${baseUrl}${path}`;

export type ApiResponse<T = unknown> = { status: number; headers: Headers; body: T };

// Bodies default to `any`: tests read fields from whatever the server sent and assert them.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, redirect: "manual" });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/**
 * What a browser sends as its User-Agent. Next serves the pages it keeps to browsers only; other
 * clients (this suite's fetch among them) get every page rendered whole (next.config.ts htmlLimitedBots).
 */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** A page as a browser gets it: kept by Next if the page is one it keeps. */
export const browserFetch = (url: string) => fetch(url, { headers: { "user-agent": BROWSER_USER_AGENT } });

/**
 * The page as Next serves it kept (`x-nextjs-cache: HIT`). Other tests' writes expire the catalogue's
 * tags at any moment, which can make one visit render the page anew, and on a busy machine the kept
 * copy is stored a moment after the first visit's answer: visits for up to 30 s, not one (15 s ran out
 * once, at load average 9, while the fuzzes' writes expired the tags again and again).
 */
export async function keptPage(url: string): Promise<Response> {
  const deadline = Date.now() + 30_000;
  do {
    const response = await browserFetch(url);
    if (response.headers.get("x-nextjs-cache") === "HIT") return response;
    await response.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 200));
  } while (Date.now() < deadline);
  throw new Error(`${url} was never served kept within 30 s`);
}
