// Helpers for tests that talk to the running app over HTTP, as any client would.
export const baseUrl = process.env.TEST_BASE_URL!;

/** A stored path as the API answers it (CONTRACT.md section 3): absolute, on the address the request was made to. */
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
