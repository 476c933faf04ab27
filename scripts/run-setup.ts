// The heavy half of `npm start` / `npm run dev`, run by the launcher (scripts/run.mjs) in a child
// process that exits before the app starts, so that its memory (tsx, Prisma, sharp drawing the demo
// art) is not kept beside the app: applies migrations, seeds the demo catalogue into an empty
// database, builds the app when a source changed (start only). DATABASE_URL is the launcher's.
import "./lib/load-env";

const mode = process.argv[2] === "dev" ? "dev" : "start";
const log = (line: string) => console.log(`[marquee] ${line}`);

async function main() {
  // Imported here, so that a bad variable (lib/env validates them on import) is reported by its message.
  const [{ configuredPublicUrl, env }, { demoUsers }, { buildIfStale }, { migrate, seed }] = await Promise.all([
    import("@/lib/env"),
    import("@/prisma/seed/catalogue"),
    import("./lib/build"),
    import("./lib/database"),
  ]);
  const url = env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: run `npm start`, which sets it.");
  log("Applying migrations");
  await migrate(url);
  if (await seed(url, { onlyIfEmpty: true, log })) {
    log("Demo catalogue seeded. Sign in with:");
    for (const user of demoUsers.slice(0, 2))
      log(`  ${user.isAdmin ? "admin " : "member"}  ${user.email}  /  ${user.password}`);
  }
  if (mode === "start") await buildIfStale(process.env.NEXT_DIST_DIR || ".next");
  // Which address absolute links, media URLs and sign-in redirects use (lib/http/public-url.ts).
  const configured = configuredPublicUrl();
  log(
    configured
      ? `Public URL: ${configured.origin} (from ${configured.from}), for links, media URLs and sign-in redirects`
      : "Public URL: not set, so links, media URLs and sign-in redirects use the address each request was made to (set PUBLIC_URL in production)",
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
