// Every environment variable Marquee reads, validated once. A bad value stops start-up with a
// message naming the variable (next.config.ts imports this module). .env.example documents each.
import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { z } from "zod";

const flag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .transform((v) => v === "true" || v === "1" || v === "yes");

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
  /** "false" keeps scheduled jobs (lib/jobs) out of the app process: run `npm run worker` instead. */
  JOBS_IN_APP: flag.default(true),
  /** ffmpeg for HLS transcoding (ffprobe is looked for beside it); unset: `ffmpeg` on the PATH. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Workers queue, as they start, every stored video not transcoded yet (the seeded demo clips among them). */
  TRANSCODE_BACKLOG_ON_START: flag.default(true),
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

export const dataDir = () => path.resolve(env.MARQUEE_DATA_DIR);

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
