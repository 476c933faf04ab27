import path from "node:path";
import { defineConfig } from "vitest/config";

// Two tiers: `unit` needs nothing but Node (no database, no app, seconds); `integration` talks to the
// real PostgreSQL and the built app that `npm test` starts (scripts/test.ts).
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
          exclude: ["tests/unit/**"],
          setupFiles: ["tests/support/setup.ts"],
        },
      },
    ],
  },
});
