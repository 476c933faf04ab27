// Tests run under `npm test`, which starts the app and a throwaway database and sets these.
// Integration files run on several workers, each with an app, a database and folders of its own
// (TEST_STACKS, one environment per worker): this worker takes its own before any test module loads.
const stacks = process.env.TEST_STACKS ? (JSON.parse(process.env.TEST_STACKS) as Record<string, string>[]) : [];
if (stacks.length > 0) {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  Object.assign(process.env, stacks[(worker - 1) % stacks.length]);
}
if (!process.env.TEST_BASE_URL || !process.env.DATABASE_URL) {
  throw new Error("Run the tests with `npm test` (it starts the database and the app they need).");
}
