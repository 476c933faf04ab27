// The mail the app sent, as the test mail server (tests/support/services.ts) received it over SMTP,
// parsed with mailparser. For Vitest (tests/) and Playwright (e2e/) alike: no test runner is imported.
import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";

/** The folder of one recipient's messages under the test mail server's folder. */
export const mailboxFolder = (mailDir: string, address: string) =>
  path.join(mailDir, encodeURIComponent(address.trim().toLowerCase()));

export type ReceivedMail = {
  /** `Name <address>` */
  from: string;
  to: string;
  /** The Reply-To address, when the message has one. */
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  /** Whether the message carries both a plain-text and an HTML part (multipart/alternative). */
  alternative: boolean;
};

const mailDir = () => {
  const dir = process.env.TEST_MAIL_DIR;
  if (!dir) throw new Error("TEST_MAIL_DIR is not set: run the tests with `npm test`.");
  return dir;
};

/** Every message `address` has received so far, oldest first. */
export async function mailbox(address: string): Promise<ReceivedMail[]> {
  const folder = mailboxFolder(mailDir(), address);
  const names = fs.existsSync(folder)
    ? fs
        .readdirSync(folder)
        .filter((name) => name.endsWith(".eml"))
        .sort()
    : [];
  return Promise.all(
    names.map(async (name) => {
      const raw = fs.readFileSync(path.join(folder, name));
      const parsed = await simpleParser(raw);
      const sender = parsed.from?.value[0];
      return {
        from: sender ? `${sender.name} <${sender.address}>` : "",
        to: [parsed.to ?? []]
          .flat()
          .map((to) => to.text)
          .join(", "),
        ...(parsed.replyTo && { replyTo: parsed.replyTo.value.map((reply) => reply.address).join(", ") }),
        subject: parsed.subject ?? "",
        text: parsed.text ?? "",
        html: typeof parsed.html === "string" ? parsed.html : "",
        alternative: /multipart\/alternative/i.test(raw.toString("latin1")),
      };
    }),
  );
}

/**
 * Waits (up to 15 s: the app sends some mail after answering) until `address` has received
 * `count` messages with this subject, and answers them, oldest first.
 */
export async function waitForMail(address: string, subject: string, count = 1): Promise<ReceivedMail[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const matching = (await mailbox(address)).filter((mail) => mail.subject === subject);
    if (matching.length >= count) return matching;
    if (Date.now() > deadline)
      throw new Error(`${address} received ${matching.length} of ${count} messages "${subject}" within 15 s`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** The newest message with this subject. */
export async function latestMail(address: string, subject: string, count = 1): Promise<ReceivedMail> {
  return (await waitForMail(address, subject, count)).at(-1)!;
}

/** The first link in the message's text whose path is `pathname` (e.g. `/reset-password`). */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  for (const candidate of mail.text.match(/https?:\/\/\S+/g) ?? []) {
    const url = new URL(candidate);
    if (url.pathname === pathname) return url;
  }
  throw new Error(`No ${pathname} link in "${mail.subject}":\n${mail.text}`);
}

/** The `token` of that link. */
export const tokenIn = (mail: ReceivedMail, pathname: string) => linkIn(mail, pathname).searchParams.get("token")!;
