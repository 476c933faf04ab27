import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN, apiToken } from "./support/accounts";
import { hydrated } from "./support/hydration";

// The test page takes a bearer token, from the API's login, so it needs no sign-in UI.
async function openUploadPage(page: Page) {
  const token = await apiToken(page.request, ADMIN);
  await page.goto(`/test/upload?token=${encodeURIComponent(token)}`);
  await expect(page.getByText("Drag your file here")).toBeVisible();
}

const fileInput = (page: Page) => page.locator('input[type="file"]');
const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** A real PNG padded to `size` bytes: big enough that a throttled upload shows its progress. */
async function pngOf(size: number): Promise<Buffer> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#c0ffee" } })
    .png()
    .toBuffer();
  return Buffer.concat([png, Buffer.alloc(size - png.length, 1)]);
}

test("uploading an image shows progress, then 'Upload successfully' and the URL", async ({ page }) => {
  await openUploadPage(page);
  // Slow the upload down (Chromium's network emulation) so the progress bar can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1024 * 1024,
  });

  await fileInput(page).setInputFiles({
    name: "poster.png",
    mimeType: "image/png",
    buffer: await pngOf(3 * 1024 * 1024),
  });
  await expect(page.getByText("Uploading...")).toBeVisible();
  const bar = page.getByRole("progressbar", { name: "Upload progress" });
  await expect(bar).toBeVisible();
  await expect
    .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 10_000 })
    .toBeGreaterThan(10);
  // While uploading, the zone refuses another file.
  await expect(page.getByRole("button", { name: "Test upload" })).toHaveAttribute("aria-disabled", "true");

  await expect(toast(page, "Upload successfully")).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel("Uploaded URL")).toHaveText(
    new RegExp(`^${process.env.TEST_BASE_URL}/api/upload/image/[0-9a-f-]{36}\\.png$`),
  );
  await expect(page.getByText("Drag your file here")).toBeVisible();
  await expect(bar).toHaveCount(0);

  // The URL serves the uploaded picture.
  const url = await page.getByLabel("Uploaded URL").textContent();
  const served = await page.request.get(url!);
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toBe("image/png");
});

test("text renamed .png passes the browser's check but the server refuses it (415 message)", async ({ page }) => {
  await openUploadPage(page);
  await fileInput(page).setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("these are my notes, not a picture\n".repeat(50)),
  });
  await expect(
    toast(page, "Only images (JPEG, PNG, WebP) and videos (MP4, AVI, MKV, MOV, WMV, FLV) can be uploaded."),
  ).toBeVisible();
  await expect(toast(page, "Upload successfully")).toHaveCount(0);
  await expect(page.getByLabel("Uploaded URL")).toHaveText("");
});

test("a .txt file is refused in the browser, without a request", async ({ page }) => {
  await openUploadPage(page);
  let uploads = 0;
  page.on("request", (request) => {
    if (request.url().endsWith("/api/upload")) uploads++;
  });
  await fileInput(page).setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(toast(page, "Only image and video files are accepted.")).toBeVisible();
  expect(uploads).toBe(0);
  await expect(page.getByLabel("Uploaded URL")).toHaveText("");
});

test("the drop zone is reachable by keyboard and Enter opens the file picker", async ({ page }) => {
  // Listening from the start: Playwright turns the browser's file chooser interception on when the
  // first listener comes, without waiting, and a picker opened before that is never reported.
  const chooser = page.waitForEvent("filechooser");
  await openUploadPage(page);
  // Enter opens the picker once React has taken the zone over; before, it does nothing.
  const zone = await hydrated(page.getByRole("button", { name: "Test upload" }));
  await zone.focus();
  await expect(zone).toBeFocused();
  await page.keyboard.press("Enter");
  const picker = await chooser;
  expect(picker.isMultiple()).toBe(false);
  await picker.setFiles({
    name: "small.webp",
    mimeType: "image/webp",
    buffer: await sharp({ create: { width: 4, height: 4, channels: 3, background: "#123456" } })
      .webp()
      .toBuffer(),
  });
  await expect(page.getByLabel("Uploaded URL")).toHaveText(/\.webp$/);
  await expect(toast(page, "Upload successfully")).toBeVisible();
});
