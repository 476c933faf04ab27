import { expect, test } from "@playwright/test";
import { ADMIN, apiToken, registerAccount, registerAdmin, signIn, toast } from "./support/accounts";

test("grant and revoke admin, delete a user; never on one's own row", async ({ page }) => {
  test.setTimeout(60_000);
  // An admin of its own, the newest user, so its row is on the first page beside the member's.
  const admin = await registerAdmin(page.request, "users-admin");
  await signIn(page, admin);
  const member = await registerAccount(page.request, "users-member");
  await page.goto("/admin/users");

  const own = page.getByRole("row").filter({ hasText: admin.email });
  await expect(own).toContainText("You");
  await expect(own.getByRole("button")).toHaveCount(0);

  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row.getByRole("cell").nth(4)).toHaveText("User");
  await row.getByRole("button", { name: `Make admin ${member.email}` }).click();
  // Granting asks first; Cancel changes nothing.
  const confirm = page.getByRole("dialog", { name: "Confirm" });
  await expect(confirm).toContainText(`Make ${member.email} an admin?`);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(row.getByRole("cell").nth(4)).toHaveText("User");
  await row.getByRole("button", { name: `Make admin ${member.email}` }).click();
  await confirm.getByRole("button", { name: "Make admin" }).click();
  await expect(toast(page, "Admin role granted")).toBeVisible();
  await expect(row.getByRole("cell").nth(4)).toHaveText("Admin");

  await row.getByRole("button", { name: `Revoke admin from ${member.email}` }).click();
  await expect(toast(page, "Admin role revoked")).toBeVisible();
  await expect(row.getByRole("cell").nth(4)).toHaveText("User");

  await row.getByRole("button", { name: `Delete ${member.email}` }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Delete user" }).click();
  await expect(toast(page, "User deleted successfully")).toBeVisible();
  await expect(row).toHaveCount(0);
});

test("users: search by email, filter admins, select several and delete them", async ({ page }) => {
  test.setTimeout(60_000);
  const admin = ADMIN;
  const label = `bulk${Date.now().toString(36)}`;
  const first = await registerAccount(page.request, label);
  const second = await registerAccount(page.request, label);
  const promoted = await registerAdmin(page.request, label);
  await signIn(page, admin);
  await page.goto("/admin/users");

  const table = page.getByRole("table", { name: "Users" });
  await page.getByLabel("Search users").fill(label);
  await expect(page).toHaveURL(new RegExp(`search=${label}`));
  await expect(table.getByRole("row")).toHaveCount(4);
  await page.getByLabel("Role").selectOption("admin");
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText(promoted.email);
  await page.getByLabel("Role").selectOption("user");
  await expect(table.getByRole("row")).toHaveCount(3);

  await page.getByLabel(`Select ${first.email}`).check();
  await page.getByLabel(`Select ${second.email}`).check();
  await page.getByRole("region", { name: "Selected users" }).getByRole("button", { name: "Delete selected" }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Delete 2 users" }).click();
  await expect(toast(page, "2 users deleted")).toBeVisible();
  await expect(page.getByText("No users match these filters")).toBeVisible();
  // One's own row has no checkbox: it cannot be selected.
  await page.getByLabel("Role").selectOption("admin");
  await page.getByLabel("Search users").fill(admin.email);
  await expect(table.getByRole("row").filter({ hasText: admin.email })).toContainText("You");
  await expect(page.getByLabel(`Select ${admin.email}`)).toHaveCount(0);
});

test("a bulk delete that fails for one row says which and why, until dismissed", async ({ page }) => {
  const label = `gone${Date.now().toString(36)}`;
  const kept = await registerAccount(page.request, label);
  const gone = await registerAccount(page.request, label);
  await signIn(page, ADMIN);
  await page.goto(`/admin/users?search=${label}`);
  await page.getByLabel(`Select ${kept.email}`).check();
  await page.getByLabel(`Select ${gone.email}`).check();
  // Another admin deletes one of them while this one has it selected.
  const deleted = await page.request.delete(`/api/admin/users/${gone._id}`, {
    headers: { authorization: `Bearer ${await apiToken(page.request, ADMIN)}` },
  });
  expect(deleted.status()).toBe(200);

  await page.getByRole("region", { name: "Selected users" }).getByRole("button", { name: "Delete selected" }).click();
  await page.getByRole("dialog", { name: "Confirm" }).getByRole("button", { name: "Delete 2 users" }).click();
  await expect(toast(page, "1 user deleted; 1 not")).toBeVisible();
  const failures = page.getByRole("alert").filter({ hasText: "Not deleted:" });
  // Its email is gone with it: the row is named by its id.
  await expect(failures.getByRole("listitem")).toHaveText([`${gone._id}: User not found`]);
  await failures.getByRole("button", { name: "Dismiss" }).click();
  await expect(failures).toHaveCount(0);
});
