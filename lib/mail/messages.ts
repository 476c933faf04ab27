import "server-only";
// The messages Marquee sends, each as plain text and HTML with the same words. Links are absolute,
// on the site's public address (lib/http/public-url.ts), built by the caller.
import type { MailMessage } from "./index";

type Recipient = { email: string; fullName: string };

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A paragraph, or the call to action: a button in HTML, the bare link on a line of its own in text. */
type Block = string | { action: string; link: string };

function compose(to: Recipient, subject: string, blocks: Block[], link?: string): MailMessage {
  const greeting = `Hello ${to.fullName},`;
  const text = [greeting, ...blocks.map((b) => (typeof b === "string" ? b : `${b.action}:\n${b.link}`)), "Marquee"]
    .join("\n\n")
    .concat("\n");
  const paragraph = (content: string) => `<p style="margin:0 0 16px;line-height:1.5">${content}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f7;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1f2430">
<div style="max-width:520px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
${paragraph(escapeHtml(greeting))}
${blocks
  .map((b) =>
    typeof b === "string"
      ? paragraph(escapeHtml(b))
      : `<p style="margin:24px 0"><a href="${escapeHtml(b.link)}" style="display:inline-block;background:#b80d3a;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:6px">${escapeHtml(b.action)}</a></p>
${paragraph(`Or open this address: <a href="${escapeHtml(b.link)}" style="color:#b80d3a;word-break:break-all">${escapeHtml(b.link)}</a>`)}`,
  )
  .join("\n")}
${paragraph("Marquee")}
</div></body></html>
`;
  return { to: to.email, subject, text, html, link };
}

export function passwordResetMessage(to: Recipient, link: string, minutes: number): MailMessage {
  return compose(
    to,
    "Reset your Marquee password",
    [
      "Someone, hopefully you, asked to reset the password of your Marquee account.",
      { action: "Choose a new password", link },
      `The link works once, for ${minutes} minutes. Choosing a new password signs you out everywhere.`,
      "If you did not ask for this, ignore this message: your password stays as it is.",
    ],
    link,
  );
}

export function verifyEmailMessage(to: Recipient, link: string): MailMessage {
  return compose(
    to,
    "Confirm your email address for Marquee",
    [
      "Please confirm that this is your email address, so that you can always get back into your Marquee account.",
      { action: "Confirm my email address", link },
      "The link works for 24 hours. If you did not create a Marquee account, ignore this message.",
    ],
    link,
  );
}

export function emailChangeMessage(to: Recipient, newEmail: string, link: string): MailMessage {
  return compose(
    { ...to, email: newEmail },
    "Confirm your new email address for Marquee",
    [
      `You asked to change the email address of your Marquee account to ${newEmail}.`,
      { action: "Confirm the new address", link },
      "Open the link in the browser where you are signed in to Marquee; it works for 24 hours. Until you confirm, your account keeps its current address.",
      "If you did not ask for this, ignore this message.",
    ],
    link,
  );
}

export function emailChangedNotice(to: Recipient, newEmail: string, undoLink: string, days: number): MailMessage {
  return compose(
    to,
    "Your Marquee email address was changed",
    [
      `The email address of your Marquee account is now ${newEmail}; messages about the account will go there from now on.`,
      "Wasn't you? Then someone else may be in your account. This link puts your account back on this address, signs out every device and lets you choose a new password:",
      { action: "It wasn't me: secure my account", link: undoLink },
      `The link works once, for ${days} days. If you made this change, ignore this message.`,
    ],
    undoLink,
  );
}

export function passwordChangedNotice(to: Recipient, how: "changed" | "reset"): MailMessage {
  return compose(to, "Your Marquee password was changed", [
    how === "reset"
      ? "The password of your Marquee account was reset with a link sent to this address. Every device that was signed in has been signed out."
      : "The password of your Marquee account was changed. Every other device that was signed in has been signed out.",
    "If this was not you, reset your password from the sign-in page straight away.",
  ]);
}

export function passkeyAddedNotice(to: Recipient, passkeyName: string): MailMessage {
  return compose(to, "A passkey was added to your Marquee account", [
    `A passkey named "${passkeyName}" can now sign in to your Marquee account.`,
    "If this was not you, remove it on your profile page and change your password.",
  ]);
}

export function wrongPasswordsNotice(to: Recipient, attempts: number): MailMessage {
  return compose(to, "Wrong passwords were entered on your Marquee account", [
    `While signed in to your Marquee account, someone entered ${attempts} wrong passwords in a row when asked to confirm it is them (to change the password or the email address, or to delete the account). Further attempts are refused for a while.`,
    "If this was you, wait a few minutes and try again. If it was not, a device signed in to your account may be in someone else's hands: change your password, which signs out every other device.",
  ]);
}

export function emailTakenNotice(to: Recipient): MailMessage {
  return compose(to, "Someone tried to move a Marquee account to your address", [
    "Someone signed in to Marquee asked to move another Marquee account to this address, which your account already uses. Nothing has changed: your account keeps this address, and no link was sent.",
    "If this was you, with a second account, there is nothing to do. Otherwise you can ignore this message.",
  ]);
}
