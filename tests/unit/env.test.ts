import { expect, test } from "vitest";
import { backupDir, configuredPublicUrl, parseEnv } from "@/lib/env";

test("defaults need no configuration at all", () => {
  const env = parseEnv({});
  expect(env.DATABASE_URL).toBeUndefined();
  expect(env.STORAGE_DRIVER).toBe("local");
  expect(env.CORS_ORIGINS).toEqual([]);
  expect(env.UPLOAD_MAX_VIDEO_BYTES).toBe(4 * 1024 ** 3);
});

test("a bad value stops start-up with a message naming the variable", () => {
  expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgresql:\/\/ URL/);
  expect(() => parseEnv({ STORAGE_DRIVER: "ftp" })).toThrow(/STORAGE_DRIVER/);
  expect(() => parseEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
  expect(() => parseEnv({ CORS_ORIGINS: "not an origin" })).toThrow(/CORS_ORIGINS/);
  expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET: required when STORAGE_DRIVER=s3/);
});

test("lists and flags are parsed", () => {
  const env = parseEnv({ CORS_ORIGINS: "https://a.example, https://b.example/", S3_FORCE_PATH_STYLE: "true" });
  expect(env.CORS_ORIGINS).toEqual(["https://a.example", "https://b.example"]);
  expect(env.S3_FORCE_PATH_STYLE).toBe(true);
});

test("on Vercel, local storage is refused with the reason", () => {
  expect(() => parseEnv({ VERCEL: "1" })).toThrow(/STORAGE_DRIVER: must be s3 on Vercel/);
  expect(parseEnv({ VERCEL: "1", STORAGE_DRIVER: "s3", S3_BUCKET: "marquee" }).STORAGE_DRIVER).toBe("s3");
});

test("on Vercel, jobs stay out of the functions unless asked for", () => {
  expect(parseEnv({ VERCEL: "1", STORAGE_DRIVER: "s3", S3_BUCKET: "marquee" }).JOBS_IN_APP).toBe(false);
  expect(parseEnv({ VERCEL: "1", STORAGE_DRIVER: "s3", S3_BUCKET: "marquee", JOBS_IN_APP: "true" }).JOBS_IN_APP).toBe(
    true,
  );
  expect(parseEnv({}).JOBS_IN_APP).toBe(true);
});

test("the public URL: PUBLIC_URL, else NEXTAUTH_URL's origin, else none (each request's own address)", () => {
  expect(configuredPublicUrl(parseEnv({}))).toBeNull();
  expect(configuredPublicUrl(parseEnv({ NEXTAUTH_URL: "https://auth.example.com/api/auth" }))).toEqual({
    origin: "https://auth.example.com",
    from: "NEXTAUTH_URL",
  });
  expect(
    configuredPublicUrl(
      parseEnv({ PUBLIC_URL: "https://marquee.example.com/", NEXTAUTH_URL: "https://auth.example.com" }),
    ),
  ).toEqual({ origin: "https://marquee.example.com", from: "PUBLIC_URL" });
  expect(() => parseEnv({ PUBLIC_URL: "marquee.example.com" })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  expect(() => parseEnv({ PUBLIC_URL: "ftp://marquee.example.com" })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  expect(() => parseEnv({ PUBLIC_URL: "https://example.com/marquee" })).toThrow(
    /PUBLIC_URL: must be an origin without a path/,
  );
});

test("backups and metrics: off by default, and their settings checked", () => {
  const defaults = parseEnv({ MARQUEE_DATA_DIR: "/srv/marquee" });
  expect(defaults.BACKUP_SCHEDULE).toBeUndefined();
  expect(defaults.BACKUP_KEEP).toBe(7);
  expect(defaults.METRICS_TOKEN).toBeUndefined();
  expect(backupDir(defaults)).toBe("/srv/marquee/backups");
  expect(backupDir(parseEnv({ BACKUP_DIR: "/mnt/backups" }))).toBe("/mnt/backups");
  expect(parseEnv({ BACKUP_SCHEDULE: " 0 3 * * * " }).BACKUP_SCHEDULE).toBe("0 3 * * *");
  expect(() => parseEnv({ BACKUP_SCHEDULE: "daily" })).toThrow(
    /BACKUP_SCHEDULE: must be a cron expression of five fields/,
  );
  expect(() => parseEnv({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: must be a whole number of archives/);
  expect(() => parseEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
});
