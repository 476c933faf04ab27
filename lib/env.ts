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
  NEXTAUTH_URL: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  /** Comma-separated origins allowed to call /api with credentials. */
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((v) => v.split(",").map((o) => o.trim().replace(/\/$/, "")).filter(Boolean))
    .pipe(z.array(z.url({ error: "must be a comma-separated list of origins such as https://app.example.com" }))),
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
  UPLOAD_MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(10 * 1024 * 1024),
  UPLOAD_MAX_VIDEO_BYTES: z.coerce.number().int().positive().default(4 * 1024 * 1024 * 1024),
  /** Login attempts allowed per IP and per email in LOGIN_RATE_WINDOW_SECONDS. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(15 * 60),
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
  return env;
}

export const env = parseEnv(process.env);

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
