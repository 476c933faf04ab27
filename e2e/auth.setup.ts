// Signs the seeded admin and member in once for the whole run (Playwright's setup project) and saves
// each role's browser state and API token under playwright/.auth/. signIn() and apiToken() in
// support/accounts.ts reuse them for those two accounts instead of signing in again in every test:
// each sign-in is a deliberately slow password check, and the login limits count them.
import fs from "node:fs";
import { test as setup } from "@playwright/test";
import { ADMIN, MEMBER, apiToken, roleFiles, signIn, type SeededRole } from "./support/accounts";

const roles: Record<SeededRole, { email: string; password: string }> = { admin: ADMIN, member: MEMBER };

for (const [role, credentials] of Object.entries(roles) as [SeededRole, typeof ADMIN][]) {
  setup(`sign in as the seeded ${role}`, async ({ page }) => {
    const files = roleFiles(role);
    fs.rmSync(files.state, { force: true });
    fs.rmSync(files.token, { force: true });
    await signIn(page, credentials);
    await page.context().storageState({ path: files.state });
    fs.writeFileSync(files.token, await apiToken(page.request, credentials));
  });
}
