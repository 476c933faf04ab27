// No dead ends around signing in (issue 39, items 2 and 6): a sign-up signs the new member in where they
// came from and says a confirmation mail is waiting; a visitor's like or My List offers to sign in and
// is done once they have. On desktop and phone alike.
import { expect, test, type Page } from "@playwright/test";
import { latestMail, linkIn, mailbox } from "../tests/support/mail";
import { freshIp, registerAccount, toast, uniqueEmail } from "./support/accounts";
import { sameOrigin, seededMovie } from "./support/cinema";

const VERIFY_SUBJECT = "Confirm your email address for Marquee";
// After a client navigation the page left stays in the DOM, hidden (Cache Components): the login form's
// fields are still there on the register page.
const field = (page: Page, label: string) => page.getByLabel(label, { exact: true }).filter({ visible: true });
// A sign-up hashes the password twice (the account, then the sign-in): on a busy 2-core machine that
// alone can take most of the default 10 s.
const SIGN_UP_WAIT = { timeout: 20_000 };
const checkInbox = (page: Page) => page.getByRole("region", { name: "Check your inbox" });
const signedInEmail = async (page: Page) =>
  ((await (await page.request.get("/api/auth/session")).json()) as { user?: { email?: string } }).user?.email;

test("sign-up from a movie page signs the member in there and offers to resend the confirmation mail", async ({
  page,
}) => {
  test.slow(); // a sign-up, a sign-in and six mails
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  const movie = await seededMovie(page, 6);
  const account = { fullName: "Nia Newcomer", email: uniqueEmail("signup"), password: "secret1" };
  await page.goto(`/login?callbackUrl=${encodeURIComponent(`/movie/${movie._id}`)}`);
  await page.getByRole("link", { name: "Sign Up" }).click();
  await expect(page).toHaveURL(`/register?callbackUrl=${encodeURIComponent(`/movie/${movie._id}`)}`);
  await field(page, "Full Name").fill(account.fullName);
  await field(page, "Email").fill(account.email);
  await field(page, "Password").fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(toast(page, "Register successfully")).toBeVisible();

  // Back on the movie, signed in, told where the confirmation link went.
  await expect(page).toHaveURL(`/movie/${movie._id}`, SIGN_UP_WAIT);
  await expect(page.getByRole("heading", { name: movie.name, level: 1 })).toBeVisible();
  expect(await signedInEmail(page)).toBe(account.email);
  const notice = checkInbox(page);
  await expect(notice).toContainText(`We sent a link to ${account.email} to confirm your email address.`);
  await latestMail(account.email, VERIFY_SUBJECT);

  await notice.getByRole("button", { name: "Resend" }).click();
  await expect(notice.getByRole("status")).toHaveText(`We sent a new link to ${account.email}`);
  await latestMail(account.email, VERIFY_SUBJECT, 2);
  // Four more spend the hour's five mails; the next press is told to wait and sends nothing.
  for (let sent = 0; sent < 4; sent++) {
    const response = await page.request.post("/api/user/verify-email/resend", { headers: sameOrigin });
    expect(response.status(), await response.text()).toBe(200);
  }
  await latestMail(account.email, VERIFY_SUBJECT, 6);
  await notice.getByRole("button", { name: "Resend" }).click();
  await expect(notice.getByRole("status")).toHaveText("Too many emails sent, please try again later");
  expect(await mailbox(account.email)).toHaveLength(6);

  // It follows the member from page to page until dismissed.
  await page.goto("/movies");
  await expect(checkInbox(page)).toBeVisible();
  await checkInbox(page).getByRole("button", { name: "Dismiss" }).click();
  await expect(checkInbox(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(checkInbox(page)).toHaveCount(0);
});

test("the notice leaves once the address is confirmed", async ({ page }) => {
  test.slow(); // a sign-up, a sign-in and a mail
  await page.setExtraHTTPHeaders({ "x-forwarded-for": freshIp() });
  const account = { fullName: "Otto Opener", email: uniqueEmail("confirmer"), password: "secret1" };
  await page.goto("/register");
  await field(page, "Full Name").fill(account.fullName);
  await field(page, "Email").fill(account.email);
  await field(page, "Password").fill(account.password);
  await page.getByRole("button", { name: "Sign Up" }).click();
  await expect(page).toHaveURL("/", SIGN_UP_WAIT);
  await expect(checkInbox(page)).toBeVisible();

  await page.goto(linkIn(await latestMail(account.email, VERIFY_SUBJECT), "/verify-email").href);
  await page.getByRole("button", { name: "Confirm my email address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your email address is verified" })).toBeVisible();
  await page.goto("/movies");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(checkInbox(page)).toHaveCount(0);
});

test("a visitor's like offers to sign in, and the movie is liked once they have", async ({ page }) => {
  test.slow(); // two page loads around a sign-in
  const movie = await seededMovie(page, 7);
  const account = await registerAccount(page.request, "likelater");
  await page.goto(`/movie/${movie._id}`);
  const like = page.getByRole("main").getByRole("button", { name: `Add ${movie.name} to favorites` });
  await expect(like).toHaveAttribute("aria-disabled", "false");
  await like.click();
  const refusal = toast(page, "You need to login to like a movie");
  await expect(refusal).toBeVisible();
  await refusal.getByRole("link", { name: "Sign in" }).click();

  await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(`/movie/${movie._id}`)}`);
  await field(page, "Email").fill(account.email);
  await field(page, "Password").fill(account.password);
  await page.getByRole("button", { name: "Submit" }).click();

  await expect(page).toHaveURL(`/movie/${movie._id}`);
  await expect(toast(page, "Movie added to favorites")).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("button", { name: `Remove ${movie.name} from favorites` }),
  ).toHaveAttribute("aria-pressed", "true");
  const favorites = (await (await page.request.get("/api/user/favorite")).json()) as { _id: string }[];
  expect(favorites.map((item) => item._id)).toEqual([movie._id]);
  // Done once: a reload does not like it again (which would take it back out).
  await page.reload();
  await expect(
    page.getByRole("main").getByRole("button", { name: `Remove ${movie.name} from favorites` }),
  ).toBeVisible();
  expect(((await (await page.request.get("/api/user/favorite")).json()) as unknown[]).length).toBe(1);
});

test("a visitor's My List, from the keyboard: the toast's Sign in takes focus, and the movie is added after", async ({
  page,
}) => {
  test.slow(); // two page loads around a sign-in
  const movie = await seededMovie(page, 8);
  const account = await registerAccount(page.request, "listlater");
  await page.goto(`/movie/${movie._id}`);
  const myList = page.getByRole("button", { name: "My List", exact: true });
  await expect(myList).toHaveAttribute("aria-disabled", "false");
  await myList.focus();
  await page.keyboard.press("Enter");
  const refusal = toast(page, "You need to login to use My List");
  await expect(refusal).toBeVisible();
  const signInAction = refusal.getByRole("link", { name: "Sign in" });
  await expect(signInAction).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(`/login?callbackUrl=${encodeURIComponent(`/movie/${movie._id}`)}`);
  await field(page, "Email").fill(account.email);
  await field(page, "Password").fill(account.password);
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(`/movie/${movie._id}`);
  await expect(toast(page, "Added to My List")).toBeVisible();
  await expect(myList).toHaveAttribute("aria-pressed", "true");
  const list = (await (await page.request.get("/api/user/list")).json()) as { _id: string }[];
  expect(list.map((item) => item._id)).toEqual([movie._id]);
});
