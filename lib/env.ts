// Every environment variable Marquee reads, validated once. A bad value stops start-up with a
// message naming the variable (next.config.ts imports this module). .env.example documents each.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { LEXICON_TYPO_RULES, type TypoRules } from "./search-typo-rules";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

/** A typo rule's word length: no more forgiving than the search lexicon is built for. */
const typoMinLength = (least: number) =>
  z.coerce
    .number({ error: "must be a whole number of letters" })
    .int("must be a whole number of letters")
    .min(least, `must be at least ${least}: the search lexicon holds no typo variants for shorter words`)
    .max(100, "must be at most 100");

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Unset: `npm start` runs an embedded PostgreSQL and sets it for the app. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: "must be a postgresql:// URL" }).optional(),
  /** Folder for the embedded database, local uploads and the generated auth secret. */
  MARQUEE_DATA_DIR: z.string().min(1).default(".data"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /**
   * The site's public address (an origin such as https://marquee.example.com). Media URLs in API
   * answers, sign-in redirects and search-engine links use it; unset, NEXTAUTH_URL, else the address
   * each request was made to.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://marquee.example.com" })
    .refine(
      (url) => /^https?:\/\/[^/?#]+\/?$/.test(url),
      "must be an origin without a path, such as https://marquee.example.com",
    )
    .optional(),
  NEXTAUTH_URL: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /**
   * The OpenID Connect issuer behind "Sign in with Google": Google's own by default. Tests point it at
   * a local provider; a self-hosted one (Keycloak, Authentik, Dex...) works too. Its discovery document
   * is read from `<issuer>/.well-known/openid-configuration`.
   */
  GOOGLE_ISSUER: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://accounts.google.com" })
    .transform((url) => url.replace(/\/+$/, ""))
    .default("https://accounts.google.com"),
  /**
   * Outgoing mail (password reset, email verification): an SMTP server such as
   * smtps://user:pass@smtp.example.com or smtp://localhost:25. Unset: each message is written as an
   * .eml file under the data folder and its link printed in the log (lib/mail).
   */
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  /** The From of every message Marquee sends. */
  MAIL_FROM: z.string().min(3).default("Marquee <no-reply@marquee.local>"),
  /** The Reply-To of every message, when set: an address people read. Unset, messages have none. */
  MAIL_REPLY_TO: z.string().min(3).optional(),
  /** Sign-ups (created or refused as taken) allowed per IP in REGISTER_RATE_WINDOW_SECONDS. */
  REGISTER_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  REGISTER_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(60 * 60),
  /** Comma-separated origins allowed to call /api with credentials. */
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) =>
      v
        .split(",")
        .map((o) => o.trim().replace(/\/$/, ""))
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: "must be a comma-separated list of origins such as https://app.example.com" }))),
  /**
   * How many reverse proxies in front of the app append to X-Forwarded-For (0: none, the app faces
   * the clients; 1: one proxy such as nginx or Vercel's edge). Client addresses are read that many
   * hops back from the socket; see lib/http/client-ip.ts.
   */
  TRUST_PROXY: z.coerce
    .number({ error: "must be a whole number of proxy hops (0, 1, 2, ...)" })
    .int("must be a whole number of proxy hops (0, 1, 2, ...)")
    .min(0, "must be a whole number of proxy hops (0, 1, 2, ...)")
    .max(10, "must be at most 10")
    .default(0),
  STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
  STORAGE_LOCAL_DIR: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: flag.default(false),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z.url().optional(),
  /**
   * With nginx in front and the local driver: the internal nginx location (e.g. `/protected-uploads/`)
   * that stored files are handed to with `X-Accel-Redirect` instead of being streamed by Node.
   */
  MEDIA_ACCEL_REDIRECT_PREFIX: z
    .string()
    .regex(/^\/(?:[A-Za-z0-9._~-]+\/)*$/, "must be a path starting and ending with /, such as /protected-uploads/")
    .optional(),
  UPLOAD_MAX_IMAGE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  UPLOAD_MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(4 * 1024 * 1024 * 1024),
  /** Uploads a member may make per UPLOAD_RATE_WINDOW_SECONDS, and bytes per 24 hours; admins are unlimited. */
  UPLOAD_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  UPLOAD_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 60),
  UPLOAD_DAILY_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(50 * 1024 * 1024),
  /** "false" keeps scheduled jobs (lib/worker) out of the app process: run `npm run worker` instead. */
  JOBS_IN_APP: flag.default(true),
  /** ffmpeg for HLS transcoding (ffprobe is looked for beside it); unset: `ffmpeg` on the PATH. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Workers queue, as they start, every stored video not transcoded yet (the seeded demo clips among them). */
  TRANSCODE_BACKLOG_ON_START: flag.default(true),
  /** Transcodes one worker process runs at once; from 2, one of them is kept for short videos. */
  TRANSCODE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** Videos at most this long (seconds) are short: they may use the slot long ones never take. */
  TRANSCODE_SHORT_JOB_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 60),
  /** Longest video transcoded (seconds); a longer one is refused with the reason. Default 6 hours. */
  TRANSCODE_MAX_DURATION_SECONDS: z.coerce
    .number()
    .positive()
    .default(6 * 60 * 60),
  /** Largest frame transcoded, in pixels (width × height). Default 8K UHD, 7680×4320. */
  TRANSCODE_MAX_FRAME_PIXELS: z.coerce
    .number()
    .int()
    .positive()
    .default(7680 * 4320),
  /** Highest frame rate transcoded, in frames per second. */
  TRANSCODE_MAX_FRAME_RATE: z.coerce.number().positive().default(120),
  /** A job's wall-clock limit: this many seconds plus TRANSCODE_TIME_LIMIT_FACTOR times the video's length. */
  TRANSCODE_TIME_LIMIT_MIN_SECONDS: z.coerce
    .number()
    .nonnegative()
    .default(10 * 60),
  TRANSCODE_TIME_LIMIT_FACTOR: z.coerce.number().positive().default(4),
  /**
   * Longest stretch of a video without a frame (seconds), counting what its declared length has past
   * its frames: ffmpeg fills a gap with copies of a frame, a long one for hours with no progress.
   */
  TRANSCODE_MAX_FRAME_GAP_SECONDS: z.coerce
    .number()
    .positive()
    .default(5 * 60),
  /** Fewest bytes of video a second of declared length must hold: a real video never has less. 0: no floor. */
  TRANSCODE_MIN_VIDEO_BYTES_PER_SECOND: z.coerce.number().nonnegative().default(8),
  /** A transcode whose ladder makes no progress for this many seconds is stopped and fails with the reason. */
  TRANSCODE_STALL_SECONDS: z.coerce
    .number()
    .positive()
    .default(30 * 60),
  /**
   * A folder on the server that catalogue imports may read pictures and videos from, and whose films
   * ("Title (Year).mkv") the admin can import as drafts (docs/import.md). Unset: no path is readable.
   */
  IMPORT_DIR: z.string().min(1).optional(),
  /**
   * "true" lets imports download from addresses on private networks and this machine (a NAS on the
   * LAN); by default only public addresses are fetched, so an import file cannot reach inside the network.
   */
  IMPORT_FETCH_PRIVATE: flag.default(false),
  /** Failed logins allowed per IP, and per trusted device, in LOGIN_RATE_WINDOW_SECONDS. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Threshold of the JSON log on stdout. */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Failed logins for one email from all clients without its device cookie, in the same window. */
  LOGIN_EMAIL_CEILING: z.coerce.number().int().positive().default(100),
  /** Failures of one (email, IP) pair before it must wait; the first wait, doubled each further failure. */
  LOGIN_BACKOFF_AFTER: z.coerce.number().int().nonnegative().default(3),
  LOGIN_BACKOFF_BASE_SECONDS: z.coerce.number().int().positive().default(5),
  /** Search: the word length from which one typo is forgiven, and two (docs/api.md, "Search"). */
  SEARCH_ONE_TYPO_MIN_LENGTH: typoMinLength(LEXICON_TYPO_RULES.oneTypoMinLength).default(
    LEXICON_TYPO_RULES.oneTypoMinLength,
  ),
  SEARCH_TWO_TYPOS_MIN_LENGTH: typoMinLength(LEXICON_TYPO_RULES.twoTyposMinLength).default(
    LEXICON_TYPO_RULES.twoTyposMinLength,
  ),
  /** Folder of backup archives (`npm run backup` and the scheduled backups); default <data dir>/backups. */
  BACKUP_DIR: z.string().min(1).optional(),
  /** When the scheduled backup runs: a cron expression in UTC (pg-boss's); unset, no scheduled backups. */
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .regex(
      /^(\S+\s+){4}\S+$/,
      'must be a cron expression of five fields (minute hour day month weekday, UTC), such as "0 3 * * *"',
    )
    .optional(),
  /** How many archives a scheduled backup leaves in BACKUP_DIR (the newest; older ones are deleted). */
  BACKUP_KEEP: z.coerce
    .number({ error: "must be a whole number of archives (1 or more)" })
    .int("must be a whole number of archives (1 or more)")
    .min(1, "must be a whole number of archives (1 or more)")
    .default(7),
  /** Bearer token for GET /api/metrics (Prometheus); unset, the endpoint answers 404. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Connections the app's Prisma client keeps to PostgreSQL at most (lib/database/db.ts). */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: "must be a whole number of connections (1 or more)" })
    .int("must be a whole number of connections (1 or more)")
    .min(1, "must be a whole number of connections (1 or more)")
    .default(10),
  /**
   * Read replicas of DATABASE_URL, comma-separated postgresql:// URLs (lib/database/replicas.ts,
   * docs/deploy.md "Read replicas"): the catalogue reads that are not kept in the cache go to them.
   */
  DATABASE_REPLICA_URLS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^postgres(ql)?$/, error: "must be postgresql:// URLs, separated by commas" }))),
  /** A replica further behind the primary than this, in seconds, is left out until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce
    .number({ error: "must be a number of seconds (more than 0)" })
    .positive("must be a number of seconds (more than 0)")
    .default(5),
  /**
   * Page requests, and separately API requests, that server.ts lets run at once (lib/http/admission.ts);
   * more wait in line, up to REQUEST_QUEUE_LENGTH of each kind for REQUEST_QUEUE_SECONDS, and beyond
   * that get the honest "busy" 503.
   */
  REQUEST_CONCURRENCY: z.coerce
    .number({ error: "must be a whole number of requests (1 or more)" })
    .int("must be a whole number of requests (1 or more)")
    .min(1, "must be a whole number of requests (1 or more)")
    .default(20),
  REQUEST_QUEUE_LENGTH: z.coerce
    .number({ error: "must be a whole number of requests (0 or more)" })
    .int("must be a whole number of requests (0 or more)")
    .min(0, "must be a whole number of requests (0 or more)")
    .default(500),
  REQUEST_QUEUE_SECONDS: z.coerce.number({ error: "must be a number of seconds" }).positive().default(10),
  /**
   * Pictures (next/image) that server.ts lets be resized or read at once (lib/http/admission.ts);
   * default: the machine's cores. The rest wait in their own line for up to 60 s.
   */
  PICTURE_CONCURRENCY: z.coerce
    .number({ error: "must be a whole number of pictures (1 or more)" })
    .int("must be a whole number of pictures (1 or more)")
    .min(1, "must be a whole number of pictures (1 or more)")
    .optional(),
});

export type Env = z.infer<typeof schema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // An empty variable means "not set", as in most .env tooling.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variables:\n${lines.join("\n")}\nSee .env.example.`);
  }
  const env = result.data;
  if (env.SEARCH_TWO_TYPOS_MIN_LENGTH <= env.SEARCH_ONE_TYPO_MIN_LENGTH) {
    throw new Error(
      "Invalid environment variables:\n  SEARCH_TWO_TYPOS_MIN_LENGTH: must be greater than SEARCH_ONE_TYPO_MIN_LENGTH\nSee .env.example.",
    );
  }
  if (env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) {
    throw new Error("Invalid environment variables:\n  S3_BUCKET: required when STORAGE_DRIVER=s3\nSee .env.example.");
  }
  // Vercel sets VERCEL=1. Its functions have a read-only, per-instance disk: files written there
  // would vanish and never reach the other instances. See docs/deploy.md.
  if (present.VERCEL && env.STORAGE_DRIVER === "local") {
    throw new Error(
      "Invalid environment variables:\n  STORAGE_DRIVER: must be s3 on Vercel (its disk is read-only and not shared between instances)\nSee docs/deploy.md.",
    );
  }
  // Functions on Vercel must not start work that outlives a request: jobs run in `npm run worker`.
  if (present.VERCEL && present.JOBS_IN_APP === undefined) env.JOBS_IN_APP = false;
  return env;
}

export const env = parseEnv(process.env);

/** The configured public origin and which variable set it, or null: then each request's own origin is used. */
export function configuredPublicUrl(source: Env = env): { origin: string; from: "PUBLIC_URL" | "NEXTAUTH_URL" } | null {
  if (source.PUBLIC_URL) return { origin: new URL(source.PUBLIC_URL).origin, from: "PUBLIC_URL" };
  if (source.NEXTAUTH_URL) return { origin: new URL(source.NEXTAUTH_URL).origin, from: "NEXTAUTH_URL" };
  return null;
}

/** The search's typo rules, as configured. */
export const searchTypoRules = (source: Env = env): TypoRules => ({
  oneTypoMinLength: source.SEARCH_ONE_TYPO_MIN_LENGTH,
  twoTyposMinLength: source.SEARCH_TWO_TYPOS_MIN_LENGTH,
});

export const dataDir = () => path.resolve(env.MARQUEE_DATA_DIR);

/** Where backup archives are written (and the scheduled ones pruned). */
export const backupDir = (source: Env = env) =>
  // A folder named at run time: the ignore keeps Next's build from tracing the whole project for it.
  path.resolve(/*turbopackIgnore: true*/ source.BACKUP_DIR ?? path.join(source.MARQUEE_DATA_DIR, "backups"));

/**
 * The secret that signs tokens and session cookies. Without AUTH_SECRET (local use), one is
 * generated once and kept in the data folder so sessions survive restarts.
 */
export function authSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(dataDir(), "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    try {
      fs.mkdirSync(dataDir(), { recursive: true });
      fs.writeFileSync(file, randomBytes(32).toString("base64url"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") {
        throw new Error(`AUTH_SECRET is not set and no secret could be kept in ${file}: set AUTH_SECRET.`);
      }
    }
    return fs.readFileSync(file, "utf8").trim();
  }
}
