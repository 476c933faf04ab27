// Pure rules behind the request hardening (docs/security.md): no app or database needed.
import { describe, expect, test } from "vitest";
import { clientIp } from "@/lib/http/client-ip";
import { pageContentSecurityPolicy, storageOrigins } from "@/lib/http/security-headers";
import { localCallbackPath } from "@/lib/page-routes";
import { hasForbiddenCharacters } from "@/lib/validation/characters";
import { categorySchema } from "@/lib/validation/category";
import { movieListQuerySchema } from "@/lib/validation/movie-query";
import { reviewSchema } from "@/lib/validation/review";
import { registerSchema } from "@/lib/validation/user";

const withForwardedFor = (value: string | null) => ({
  headers: new Headers(value === null ? {} : { "x-forwarded-for": value }),
});

describe("clientIp", () => {
  test("with no trusted proxy it is the socket's address, the entry appended last", () => {
    expect(clientIp(withForwardedFor("6.6.6.6, 203.0.113.9"), 0)).toBe("203.0.113.9");
    expect(clientIp(withForwardedFor("203.0.113.9"), 0)).toBe("203.0.113.9");
  });

  test("with N trusted proxies it is the address the outermost one saw, whatever the client prepended", () => {
    expect(clientIp(withForwardedFor("6.6.6.6, 198.51.100.7, 10.0.0.2"), 1)).toBe("198.51.100.7");
    expect(clientIp(withForwardedFor("6.6.6.6, 7.7.7.7, 198.51.100.7, 10.0.0.3, 10.0.0.2"), 2)).toBe("198.51.100.7");
  });

  test("fewer entries than trusted hops give the leftmost; IPv4-mapped addresses read as IPv4; nothing gives null", () => {
    expect(clientIp(withForwardedFor("::ffff:127.0.0.1"), 3)).toBe("127.0.0.1");
    expect(clientIp(withForwardedFor("2001:db8::1"), 0)).toBe("2001:db8::1");
    expect(clientIp(withForwardedFor(null), 0)).toBeNull();
    expect(clientIp(withForwardedFor(" , "), 0)).toBeNull();
  });
});

describe("control characters", () => {
  test.each(["\u0000", "a\u0000b", "\u0007", "\u001b[31m", "\u007f", "\u0085", "\ud800"])("%j is refused", (value) => {
    expect(hasForbiddenCharacters(value)).toBe(true);
  });

  test.each(["plain", "two\nlines\r\n\tindented", "Amélie ｆｕｌｌ ％ 🎬"])("%j is text", (value) => {
    expect(hasForbiddenCharacters(value)).toBe(false);
  });

  test("every schema says which field holds one, from the shared text primitive", () => {
    expect(
      registerSchema.safeParse({ fullName: "A\u0000", email: "a@b.co", password: "secret1" }).error?.flatten()
        .fieldErrors,
    ).toEqual({ fullName: ["fullName must not contain control characters"] });
    expect(categorySchema.safeParse({ name: "x\u0000" }).error?.issues.map((i) => i.message)).toEqual([
      "name must not contain control characters",
    ]);
    expect(
      reviewSchema.safeParse({ rating: 3, message: "great\u0000film" }).error?.issues.map((i) => i.message),
    ).toEqual(["message must not contain control characters"]);
    for (const field of ["search", "language", "category"]) {
      expect(movieListQuerySchema.safeParse({ [field]: "a\u0000" }).error?.issues.map((i) => i.message)).toEqual([
        `${field} must not contain control characters`,
      ]);
    }
  });
});

describe("callbackUrl after sign-in", () => {
  test.each(["/favorite", "/admin/list?page=2", "/movie/abc#reviews"])("%s is a local path", (value) => {
    expect(localCallbackPath(value)).toBe(value);
  });

  test.each([
    "//evil.example/x",
    "/\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "evil.example",
    "/\t/evil.example",
    "",
    null,
  ])("%j is not", (value) => {
    expect(localCallbackPath(value)).toBeNull();
  });
});

describe("Content-Security-Policy", () => {
  test("per-request pages allow only nonce-carrying scripts; cacheable pages allow the site's own and inline ones", () => {
    const strict = pageContentSecurityPolicy({ nonce: "abc123", dev: false });
    expect(strict).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic';");
    expect(strict).not.toContain("unsafe-inline' 'nonce");
    const cacheable = pageContentSecurityPolicy({ dev: false });
    expect(cacheable).toContain("script-src 'self' 'unsafe-inline';");
    for (const policy of [strict, cacheable]) {
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain("unsafe-eval");
    }
  });

  test("the bucket's addresses are allowed with the s3 driver: endpoint, virtual host and public URL", () => {
    expect(
      storageOrigins({
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "media",
        S3_REGION: "us-east-1",
        S3_ENDPOINT: "http://localhost:9000",
        S3_PUBLIC_URL: "https://cdn.example.com/media/",
      }),
    ).toEqual(["https://cdn.example.com", "http://localhost:9000", "http://media.localhost:9000"]);
    expect(
      storageOrigins({
        STORAGE_DRIVER: "s3",
        S3_BUCKET: "media",
        S3_REGION: "eu-west-1",
        S3_ENDPOINT: undefined,
        S3_PUBLIC_URL: undefined,
      }),
    ).toEqual([
      "https://s3.eu-west-1.amazonaws.com",
      "https://media.s3.eu-west-1.amazonaws.com",
      "https://media.s3.amazonaws.com",
    ]);
    expect(
      storageOrigins({
        STORAGE_DRIVER: "local",
        S3_BUCKET: undefined,
        S3_REGION: "us-east-1",
        S3_ENDPOINT: undefined,
        S3_PUBLIC_URL: undefined,
      }),
    ).toEqual([]);
  });
});
