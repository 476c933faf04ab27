// Response headers that limit what a page can be made to do: the Content-Security-Policy, framing,
// referrers, MIME sniffing, powerful browser features and HSTS. next.config.ts sends the static ones
// with every response; proxy.ts sends the page policies. docs/security.md explains each choice.
// Relative, not "@/lib/env": next.config.ts imports this module and its loader knows no path aliases.
import { env } from "../env";
import { originOf } from "./origin";

const unique = (values: (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v)))];

/**
 * Where the browser talks to the bucket with the s3 driver: presigned uploads (PUT), signed
 * download redirects and the public URL. Path-style and virtual-hosted addresses both appear.
 */
export function storageOrigins(
  config: Pick<typeof env, "STORAGE_DRIVER" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_PUBLIC_URL"> = env,
): string[] {
  if (config.STORAGE_DRIVER !== "s3") return [];
  const origins = [originOf(config.S3_PUBLIC_URL)];
  if (config.S3_ENDPOINT) {
    const endpoint = new URL(config.S3_ENDPOINT);
    origins.push(endpoint.origin);
    if (config.S3_BUCKET) origins.push(`${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}`);
  } else {
    const region = config.S3_REGION;
    origins.push(`https://s3.${region}.amazonaws.com`);
    if (config.S3_BUCKET)
      origins.push(
        `https://${config.S3_BUCKET}.s3.${region}.amazonaws.com`,
        `https://${config.S3_BUCKET}.s3.amazonaws.com`,
      );
  }
  return unique(origins);
}

/**
 * The page policy. Per-request pages allow only scripts carrying this response's nonce (and what
 * they load: 'strict-dynamic'), Next.js puts the nonce on its own scripts. Cacheable pages are the
 * same HTML for everyone, so no nonce can be in them: they allow the site's own scripts and inline
 * ones. Everything but script-src is identical. Images and videos may be any https URL (docs/api.md
 * "Movies": uploaded here or an https URL) plus the bucket; scripts, styles, fonts and frames never come from
 * elsewhere, and no one may frame the site.
 */
export function pageContentSecurityPolicy(options: { nonce?: string; dev?: boolean } = {}): string {
  const { nonce, dev = process.env.NODE_ENV === "development" } = options;
  const storage = storageOrigins();
  // React's development build evaluates code for its error overlays; production never does.
  const evalInDev = dev ? ["'unsafe-eval'"] : [];
  const scripts = nonce
    ? ["'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...evalInDev]
    : ["'self'", "'unsafe-inline'", ...evalInDev];
  const directives: [string, string[]][] = [
    ["default-src", ["'self'"]],
    ["script-src", scripts],
    // Inline style attributes (React's style prop) and the toast library's <style> tag.
    ["style-src", ["'self'", "'unsafe-inline'"]],
    ["img-src", ["'self'", "data:", "blob:", "https:", ...storage]],
    ["media-src", ["'self'", "blob:", "https:", ...storage]],
    ["connect-src", ["'self'", ...storage]],
    ["font-src", ["'self'", "data:"]],
    ["worker-src", ["'self'", "blob:"]],
    ["frame-src", ["'none'"]],
    ["object-src", ["'none'"]],
    ["base-uri", ["'self'"]],
    ["form-action", ["'self'"]],
    ["frame-ancestors", ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(" ")}`).join("; ");
}

/** JSON and media from /api are never documents to run: nothing may load from them or frame them. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * /auth/google answers with a tiny page whose inline script fetches NextAuth's CSRF token and
 * submits a form that NextAuth redirects to the identity provider (form-action covers that
 * redirect): Google's origin, or GOOGLE_ISSUER's, which is known only at run time, so the route
 * sets this policy itself rather than next.config.ts (whose headers are fixed at build).
 */
export const googleHandOffContentSecurityPolicy = (issuerOrigin: string) =>
  `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; connect-src 'self'; form-action 'self' ${issuerOrigin}; frame-ancestors 'none'; base-uri 'none'`;

/** The rest of /auth (the Google callback's redirects and errors) shows nothing that runs. */
export const AUTH_REDIRECT_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** Browser features the site never uses are switched off; fullscreen and picture-in-picture stay for the player. */
const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), fullscreen=(self), picture-in-picture=(self)";

const HSTS = "max-age=31536000";

type HeaderRule = {
  source: string;
  headers: { key: string; value: string }[];
  has?: { type: "header"; key: string; value?: string }[];
};

/** What every response carries, whatever produced it. */
const EVERY_RESPONSE: Record<string, string> = {
  "X-Frame-Options": "DENY",
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
  "Permissions-Policy": PERMISSIONS_POLICY,
};

/**
 * What next.config.ts gives every answer, for a file of the build (a script, a style sheet) sent
 * outside Next.js (server.ts's static fast path): HSTS over https.
 */
export function staticFileSecurityHeaders(forwardedProto: string | null | undefined): Record<string, string> {
  return { ...EVERY_RESPONSE, ...(forwardedProto === "https" && { "Strict-Transport-Security": HSTS }) };
}

/**
 * The headers next.config.ts gives an /api answer, for answers written outside Next.js (the media
 * fast path in server.ts), so both serving paths send the same ones.
 */
export function apiSecurityHeaders(forwardedProto: string | null | undefined): Record<string, string> {
  return { ...staticFileSecurityHeaders(forwardedProto), "Content-Security-Policy": API_CONTENT_SECURITY_POLICY };
}

/** The same for a page written outside Next.js (server.ts's busy page), with the page policy. */
export function pageSecurityHeaders(forwardedProto: string | null | undefined): Record<string, string> {
  return { ...staticFileSecurityHeaders(forwardedProto), "Content-Security-Policy": pageContentSecurityPolicy() };
}

/** For next.config.ts `headers()`: what every response carries, whatever produced it. */
export function staticSecurityHeaders(): HeaderRule[] {
  return [
    { source: "/:path*", headers: Object.entries(EVERY_RESPONSE).map(([key, value]) => ({ key, value })) },
    // Only over https (the TLS-terminating proxy says so, as Vercel's edge does): browsers ignore
    // HSTS over plain http anyway, and a local http install must stay reachable.
    {
      source: "/:path*",
      has: [{ type: "header", key: "x-forwarded-proto", value: "https" }],
      headers: [{ key: "Strict-Transport-Security", value: HSTS }],
    },
    { source: "/api/:path*", headers: [{ key: "Content-Security-Policy", value: API_CONTENT_SECURITY_POLICY }] },
    // Not /auth/google itself: its page sets a policy naming the identity provider (above), and a
    // second policy from here would be enforced as well.
    {
      source: "/auth/google/:path+",
      headers: [{ key: "Content-Security-Policy", value: AUTH_REDIRECT_CONTENT_SECURITY_POLICY }],
    },
  ];
}
