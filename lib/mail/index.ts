import "server-only";
// Outgoing mail. With SMTP_URL, messages go to that server through nodemailer. Without it (the
// embedded default, `npm start` on a laptop) each message is written as an .eml file under the data
// folder and its link is printed in the log, so password reset and email verification work with no
// mail server at all: open the file in a mail client, or follow the link from the log.
import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { after } from "next/server";
import nodemailer, { type Transporter } from "nodemailer";
import { dataDir, env } from "@/lib/env";
import { log } from "@/lib/log";
import { processState } from "@/lib/process-state";
import { senderFields } from "./sender";

export type MailMessage = {
  to: string;
  subject: string;
  /** The plain-text version; every message has one, for clients that show no HTML. */
  text: string;
  html: string;
  /** The link the message is about, printed in the log when mail goes to files. */
  link?: string;
};

/** Where messages go without SMTP_URL. */
const mailFolder = () => path.join(dataDir(), "mail");

declare module "@/lib/process-state" {
  interface ProcessState {
    smtp: Transporter;
  }
}

/** One transport per process: nodemailer opens a connection per message unless pooled, which suits a few mails. */
function smtp(url: string): Transporter {
  return (processState.smtp ??= nodemailer.createTransport({
    url,
    // nodemailer waits two minutes by default; a request should learn sooner that the server is gone.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  }));
}

/** Turns the message into MIME (multipart/alternative: plain text and HTML) and writes it to a file. */
async function writeToFile(message: nodemailer.SendMailOptions & { to: string }, link?: string): Promise<void> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const { message: raw } = (await composer.sendMail(message)) as { message: Buffer };
  await fs.mkdir(mailFolder(), { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(mailFolder(), `${stamp}-${randomBytes(3).toString("hex")}.eml`);
  await fs.writeFile(file, raw, { mode: 0o600 });
  log.info({ to: message.to, subject: message.subject, file, link }, "mail written to a file (SMTP_URL is not set)");
}

/** Sends one message. Rejects when the SMTP server refuses it or cannot be reached. */
export async function sendMail({ link, ...message }: MailMessage): Promise<void> {
  const mail = { ...message, ...senderFields(env) };
  if (!env.SMTP_URL) return writeToFile(mail, link);
  await smtp(env.SMTP_URL).sendMail(mail);
  log.info({ to: message.to, subject: message.subject }, "mail sent");
}

/**
 * Sends a message after the answer has gone out, so the answer's timing does not depend on whether
 * (or how fast) a message was sent: a password reset request for an unknown email must look like
 * one for a known email. A failure is logged; the requester cannot be told without telling everyone.
 */
export function sendMailLater(message: MailMessage): void {
  after(() =>
    sendMail(message).catch((error: unknown) => {
      log.error({ err: error, to: message.to, subject: message.subject }, "mail could not be sent");
    }),
  );
}
