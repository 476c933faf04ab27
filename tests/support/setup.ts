// Tests run under `npm test`, which starts the app and a throwaway database and sets these.
if (!process.env.TEST_BASE_URL || !process.env.DATABASE_URL) {
  throw new Error("Run the tests with `npm test` (it starts the database and the app they need).");
}
