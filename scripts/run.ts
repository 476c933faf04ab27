// `npm start` / `npm run dev`: Marquee on its defaults. Without DATABASE_URL it starts an embedded
// PostgreSQL (data in .data/postgres), applies migrations, seeds the demo catalogue into an empty
// database, then serves the app on PORT (default 3000). Ctrl-C or SIGTERM stops the app, then the
// database. An embedded database that dies is started again (with back-off); when it cannot be,
// the app is stopped with a message and a non-zero exit, so a process supervisor restarts both.
import "./lib/load-env";
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { superviseEmbeddedPostgres, type Supervision } from "./lib/embedded-postgres";
import { configuredPublicUrl, dataDir, env } from "@/lib/env";
import { demoUsers } from "@/prisma/seed/catalogue";
import { buildIfStale } from "./lib/build";
import { bin, migrate, openDatabase, projectRoot, seed } from "./lib/database";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const port = process.env.PORT || "3000";
const log = (line: string) => console.log(`[marquee] ${line}`);

async function main() {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(dataDir(), "postgres"),
    name: "marquee",
    log,
  });
  let app: ChildProcess | null = null;
  let stopping = false;
  let supervision: Supervision | null = null;

  async function shutdown(code: number) {
    if (stopping) return;
    stopping = true;
    supervision?.stop();
    if (app && app.exitCode === null && app.signalCode === null) {
      log("Stopping the app");
      const exited = new Promise((resolve) => app!.once("exit", resolve));
      app.kill("SIGTERM");
      // server.ts lets requests in flight (an upload) finish for up to 100 s before it gives up.
      const timer = setTimeout(() => app?.kill("SIGKILL"), mode === "start" ? 110_000 : 10_000);
      await exited;
      clearTimeout(timer);
    }
    await database.stop();
    process.exit(code);
  }
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));

  try {
    log("Applying migrations");
    await migrate(database.url);
    if (await seed(database.url, { onlyIfEmpty: true, log })) printDemoAccounts();
    if (mode === "start") await buildIfStale(process.env.NEXT_DIST_DIR || ".next");
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await shutdown(1);
    return;
  }
  if (stopping) return;

  // start: the custom server (server.ts: Next plus the media fast path); dev: Next's own.
  const [command, args] =
    mode === "start"
      ? [process.execPath, ["--import", "tsx", "server.ts", "--port", port]]
      : [bin("next"), ["dev", "--port", port]];
  app = spawn(command, args, {
    cwd: projectRoot,
    stdio: "inherit",
    env: {
      ...process.env,
      ...(mode === "start" && { NODE_ENV: "production" }),
      DATABASE_URL: database.url,
      NEXT_TELEMETRY_DISABLED: "1",
    },
  });
  app.on("exit", (code) => void shutdown(code ?? 0));
  if (database.embedded?.owned) {
    supervision = superviseEmbeddedPostgres(database.embedded, {
      log,
      onGiveUp(error) {
        console.error(
          `[marquee] ${error.message}\n[marquee] Stopping Marquee: the database is gone. Restart it (a process supervisor will) once the cause is fixed.`,
        );
        void shutdown(1);
      },
    });
  }
  log(`Marquee is starting on http://localhost:${port}`);
  log(publicUrlNotice());
}

/** Which address absolute links, media URLs and sign-in redirects use (lib/http/public-url.ts). */
function publicUrlNotice(): string {
  const configured = configuredPublicUrl();
  if (configured)
    return `Public URL: ${configured.origin} (from ${configured.from}), for links, media URLs and sign-in redirects`;
  return "Public URL: not set, so links, media URLs and sign-in redirects use the address each request was made to (set PUBLIC_URL in production)";
}

function printDemoAccounts() {
  log("Demo catalogue seeded. Sign in with:");
  for (const user of demoUsers.slice(0, 2))
    log(`  ${user.isAdmin ? "admin " : "member"}  ${user.email}  /  ${user.password}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
