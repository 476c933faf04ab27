import fs from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Debian's Chromium when it is installed (Playwright cannot download its own browser offline), else
// Playwright's own build; PLAYWRIGHT_CHROMIUM_PATH picks another. Its headless shell first: the same
// engine without the desktop browser around it, which took 28% less time on the same tests (2 cores,
// 2026-11-26, accessibility, site, watching and streaming specs, runs alternated: 89 and 89 s against
// 124 and 123 s), the way Playwright itself runs headless Chromium.
const chromiumPath =
  process.env.PLAYWRIGHT_CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => fs.existsSync(candidate));

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"], ["json"]],
  // A test's budget. CI's 2-core runner shares its cores between the app, two browsers and ffmpeg: a
  // page whose posters are resized on first view took 11 s to load there, so a long flow needs more.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: process.env.TEST_BASE_URL,
    // Recording a trace (a DOM snapshot and a screenshot at every step) cost a third of the e2e time
    // on 2 cores (2026-11-26, 50 tests, runs alternated: 315-335 s with it, 224-237 s without). CI, which
    // retries once, records only the retry: a failure there still leaves its trace.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    // Signs the seeded admin and member in once (e2e/auth.setup.ts) for every test after it.
    { name: "setup", testMatch: /auth\.setup\.ts/ },
    { name: "desktop", use: { ...devices["Desktop Chrome"] }, dependencies: ["setup"] },
    {
      name: "phone",
      use: { ...devices["Pixel 7"] },
      dependencies: ["setup"],
      // Where a phone's layout, touch or player matters. Server rules seen through a browser (sign-in,
      // Google, passkeys, mailed links and page access, CSP, first HTML, the other client's hand-over,
      // upload and import checks, admin forms, byte ranges, the HLS quality switch) do not depend on
      // the screen, and keyboard shortcuts need a keyboard: desktop runs them once.
      // e2e/phone-layout.spec.ts covers the admin tables and forms on a phone, and the account pages'
      // tables and pictures; e2e/phone-walk.spec.ts a member's way through the site, with the search
      // keyboard and the menu drawer. The account area's, history's, recommendations', the movie
      // pages', the listing filters', search's and My List's rules are the same on every screen.
      testIgnore: [
        /account-area\.spec/,
        /account-auth\.spec/,
        /admin-(categories|import|movies|statistics|users)\.spec/,
        /email-verification\.spec/,
        /errors\.spec/,
        /first-html\.spec/,
        /google-sign-in\.spec/,
        /history\.spec/,
        /keyboard\.spec/,
        /media\.spec/,
        /movie-pages\.spec/,
        /movies\.spec/,
        /my-list\.spec/,
        /other-client\.spec/,
        /passkeys\.spec/,
        /password-reset\.spec/,
        /recommendations\.spec/,
        /search\.spec/,
        /security\.spec/,
        /streaming\.spec/,
        /upload\.spec/,
      ],
    },
  ],
});
