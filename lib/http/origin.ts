// No imports: lib/http/security-headers.ts, which next.config.ts loads without path aliases, uses it.

/** The origin (scheme, host, port) of a URL; null when there is none or it does not parse. */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}
