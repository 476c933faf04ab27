import path from "node:path";
import { defineConfig } from "vitest/config";

// Three tiers (scripts/test.ts runs them): `unit` needs nothing but Node (no database, no app, seconds);
// `integration` talks to the real PostgreSQL and the built app that `npm test` starts, its files in
// parallel, one app and database per worker; `stack` holds the whole-stack tests, which start
// processes of their own (fresh starts, extra instances, workers killed mid-job, ffmpeg transcodes).
const STACK = [
  "tests/foundation/**/*.test.ts",
  "tests/deploy/**/*.test.ts",
  "tests/media/transcode*.test.ts",
  "tests/media/hostile-media.test.ts",
];
export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // lib/ modules guard against client bundles with "server-only"; tests are server code.
      "server-only": path.resolve(import.meta.dirname, "tests/support/server-only.ts"),
    },
  },
  test: {
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"] } },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: ["tests/unit/**", ...STACK],
          setupFiles: ["tests/support/setup.ts"],
        },
      },
      {
        extends: true,
        // One file at a time: each starts servers, workers or ffmpeg of its own. The four with a database
        // of their own run in two Vitests beside this one (scripts/test.ts, SELF_CONTAINED_STACK_CHAINS).
        test: { name: "stack", include: STACK, setupFiles: ["tests/support/setup.ts"], fileParallelism: false },
      },
    ],
  },
});
