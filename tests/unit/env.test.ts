import { expect, test } from "vitest";
import { backupDir, configuredPublicUrl, parseEnv, searchTypoRules } from "@/lib/env";

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

test("read replicas: a comma-separated list of postgresql:// URLs, none by default", () => {
  expect(parseEnv({}).DATABASE_REPLICA_URLS).toEqual([]);
  expect(
    parseEnv({ DATABASE_REPLICA_URLS: "postgresql://a.internal/marquee, postgres://b.internal/marquee," })
      .DATABASE_REPLICA_URLS,
  ).toEqual(["postgresql://a.internal/marquee", "postgres://b.internal/marquee"]);
  expect(() => parseEnv({ DATABASE_REPLICA_URLS: "postgresql://a.internal/m,mysql://b" })).toThrow(
    /DATABASE_REPLICA_URLS\.1: must be postgresql:\/\/ URLs, separated by commas/,
  );
  expect(() => parseEnv({ DATABASE_REPLICA_MAX_LAG_SECONDS: "0" })).toThrow(
    /DATABASE_REPLICA_MAX_LAG_SECONDS: must be a number of seconds \(more than 0\)/,
  );
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

test("the media pipeline's limits have defaults a real film passes, and refuse nonsense", () => {
  expect(parseEnv({})).toMatchObject({
    TRANSCODE_CONCURRENCY: 2,
    TRANSCODE_SHORT_JOB_SECONDS: 1200,
    TRANSCODE_MAX_DURATION_SECONDS: 6 * 3600,
    TRANSCODE_MAX_FRAME_PIXELS: 7680 * 4320,
    TRANSCODE_MAX_FRAME_RATE: 120,
    TRANSCODE_TIME_LIMIT_MIN_SECONDS: 600,
    TRANSCODE_TIME_LIMIT_FACTOR: 4,
  });
  expect(parseEnv({ TRANSCODE_CONCURRENCY: "4", TRANSCODE_TIME_LIMIT_FACTOR: "1.5" })).toMatchObject({
    TRANSCODE_CONCURRENCY: 4,
    TRANSCODE_TIME_LIMIT_FACTOR: 1.5,
  });
  expect(() => parseEnv({ TRANSCODE_CONCURRENCY: "0" })).toThrow(/TRANSCODE_CONCURRENCY/);
  expect(() => parseEnv({ TRANSCODE_MAX_DURATION_SECONDS: "ten hours" })).toThrow(/TRANSCODE_MAX_DURATION_SECONDS/);
});

test("search typo rules: Typesense's by default, stricter if asked, never more forgiving than the lexicon", () => {
  expect(searchTypoRules(parseEnv({}))).toEqual({ oneTypoMinLength: 4, twoTyposMinLength: 7 });
  expect(searchTypoRules(parseEnv({ SEARCH_ONE_TYPO_MIN_LENGTH: "5", SEARCH_TWO_TYPOS_MIN_LENGTH: "9" }))).toEqual({
    oneTypoMinLength: 5,
    twoTyposMinLength: 9,
  });
  expect(() => parseEnv({ SEARCH_ONE_TYPO_MIN_LENGTH: "3" })).toThrow(
    /SEARCH_ONE_TYPO_MIN_LENGTH: must be at least 4: the search lexicon holds no typo variants for shorter words/,
  );
  expect(() => parseEnv({ SEARCH_TWO_TYPOS_MIN_LENGTH: "6" })).toThrow(
    /SEARCH_TWO_TYPOS_MIN_LENGTH: must be at least 7/,
  );
  expect(() => parseEnv({ SEARCH_ONE_TYPO_MIN_LENGTH: "four" })).toThrow(
    /SEARCH_ONE_TYPO_MIN_LENGTH: must be a whole number of letters/,
  );
  expect(() => parseEnv({ SEARCH_ONE_TYPO_MIN_LENGTH: "8", SEARCH_TWO_TYPOS_MIN_LENGTH: "8" })).toThrow(
    /SEARCH_TWO_TYPOS_MIN_LENGTH: must be greater than SEARCH_ONE_TYPO_MIN_LENGTH/,
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

test("mail and Google issuer settings: defaults, and bad values named", () => {
  const defaults = parseEnv({});
  expect(defaults.SMTP_URL).toBeUndefined();
  expect(defaults.MAIL_FROM).toBe("Marquee <no-reply@marquee.local>");
  expect(defaults.GOOGLE_ISSUER).toBe("https://accounts.google.com");
  expect(defaults.REGISTER_RATE_LIMIT).toBe(10);
  expect(defaults.REGISTER_RATE_WINDOW_SECONDS).toBe(3600);
  const set = parseEnv({ SMTP_URL: "smtps://user:pass@smtp.example.com:465", GOOGLE_ISSUER: "http://127.0.0.1:4000/" });
  expect(set.SMTP_URL).toBe("smtps://user:pass@smtp.example.com:465");
  expect(set.GOOGLE_ISSUER).toBe("http://127.0.0.1:4000");
  expect(() => parseEnv({ SMTP_URL: "http://smtp.example.com" })).toThrow(
    /SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/,
  );
  expect(() => parseEnv({ GOOGLE_ISSUER: "accounts.google.com" })).toThrow(/GOOGLE_ISSUER: must be an http\(s\) URL/);
  expect(() => parseEnv({ REGISTER_RATE_LIMIT: "0" })).toThrow(/REGISTER_RATE_LIMIT/);
});
