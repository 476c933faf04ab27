import "server-only";
import pino from "pino";
import { env } from "@/lib/env";

/**
 * The app's structured log: one JSON object a line on stdout, which every log collector reads
 * (Docker, systemd's journal, Vercel). LOG_LEVEL picks the threshold (default info).
 */
export const log = pino({
  level: env.LOG_LEVEL,
  base: { app: "marquee" },
  // Request bodies never reach the log; these are the headers that could.
  redact: ["headers.authorization", "headers.cookie"],
});
