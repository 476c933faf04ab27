// The embedded default, `npm start` with nothing configured: no SMTP server and no Google. A second
// instance of the app (same build and database) runs without SMTP_URL and the Google settings.
// - Mail goes to .eml files under the data folder, each link printed in the log, so password reset
//   works with no mail server (issue 25 item 2).
// - Google sign-in is not offered, and its addresses explain why.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { baseUrl } from "../support/http";
import { startInstance, type Instance } from "../support/instances";
import { freshIp, freshUser, login } from "../support/users";

let instance: Instance;
let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "marquee-no-services-"));
  instance = await startInstance({
    SMTP_URL: "",
    MAIL_FROM: "",
    GOOGLE_CLIENT_ID: "",
    GOOGLE_CLIENT_SECRET: "",
    GOOGLE_ISSUER: "",
    MARQUEE_DATA_DIR: dataDir,
    JOBS_IN_APP: "false",
  });
}, 180_000);

afterAll(async () => {
  await instance?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function waitForFile(folder: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((name) => name.endsWith(".eml")) : [];
    if (files.length > 0) return path.join(folder, files.sort().at(-1)!);
    if (Date.now() > deadline) throw new Error(`No .eml file in ${folder} within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

describe("without SMTP_URL", () => {
  test("a reset mail is written as an .eml file under the data folder, its link in the log, and the link works", async () => {
    const user = await freshUser("nosmtp");
    const asked = await fetch(`${instance.baseUrl}/api/user/password-reset`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": freshIp() },
      body: JSON.stringify({ email: user.email }),
    });
    expect(asked.status).toBe(200);

    const file = await waitForFile(path.join(dataDir, "mail"));
    const mail = await simpleParser(fs.readFileSync(file));
    expect(mail.subject).toBe("Reset your Marquee password");
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : "").toBe(user.email);
    expect(mail.from?.value).toEqual([{ name: "Marquee", address: "no-reply@marquee.local" }]);
    expect(mail.html).toContain("Choose a new password");
    const link = /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(mail.text ?? "")![0];
    expect(link.startsWith(`${instance.baseUrl}/reset-password?token=`)).toBe(true);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    // The log names the file and the link, for whoever runs `npm start`.
    const deadline = Date.now() + 5000;
    while (!instance.output().includes(link) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const line = instance
      .output()
      .split("\n")
      .find((entry) => entry.includes(link));
    expect(JSON.parse(line!)).toMatchObject({
      to: user.email,
      file,
      link,
      msg: expect.stringContaining("mail written"),
    });

    const token = new URL(link).searchParams.get("token")!;
    const reset = await fetch(`${baseUrl}/api/user/password-reset/confirm`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, password: "fromfile1" }),
    });
    expect(reset.status).toBe(200);
    expect(await login({ email: user.email, password: "fromfile1" })).toEqual(expect.any(String));
  });
});

describe("without Google configured", () => {
  test.each([
    "/auth/google",
    "/auth/google/callback",
    `/auth/google?redirect=${encodeURIComponent("http://spa.example.test")}`,
  ])("%s sends the browser to /login with an explanation", async (address) => {
    const response = await fetch(`${instance.baseUrl}${address}`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${instance.baseUrl}/login?error=google-unavailable`);
  });

  test("NextAuth lists no google provider, and /login offers no Google button (the configured app does)", async () => {
    const providers = (await (await fetch(`${instance.baseUrl}/api/auth/providers`)).json()) as object;
    expect(Object.keys(providers).sort()).toEqual(["credentials", "handover", "passkey", "token"]);
    const page = await (await fetch(`${instance.baseUrl}/login`)).text();
    expect(page).toContain("Sign in with a passkey");
    expect(page).not.toContain("Sign in with Google");
    expect(await (await fetch(`${baseUrl}/login`)).text()).toContain("Sign in with Google");
  });
});
