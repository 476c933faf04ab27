import { defineConfig } from "prisma/config";

// `env("DATABASE_URL")` would throw when the variable is unset, which breaks `prisma generate`
// on a fresh install; the run and test scripts always set it before migrating.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "postgresql://localhost:5432/marquee" },
});
