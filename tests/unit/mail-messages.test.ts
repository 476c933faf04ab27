import { describe, expect, test } from "vitest";
import { emailChangeMessage, emailChangedNotice, passwordResetMessage, verifyEmailMessage } from "@/lib/mail/messages";
import { senderFields } from "@/lib/mail/sender";

const member = { email: "ada@example.test", fullName: "Ada <b>Lovelace</b> & Co" };
const link = "https://marquee.example.com/reset-password?token=abc_DEF-123&x=1";

describe("mail messages", () => {
  test("carry the same words and link in plain text and HTML", () => {
    const mail = passwordResetMessage(member, link, 30);
    expect(mail).toMatchObject({ to: member.email, subject: "Reset your Marquee password", link });
    expect(mail.text).toContain(`Hello ${member.fullName},`);
    expect(mail.text).toContain(`Choose a new password:\n${link}\n`);
    expect(mail.text).toContain("The link works once, for 30 minutes.");
    expect(mail.html).toContain(`href="${link.replace("&", "&amp;")}"`);
    expect(mail.html).toContain("The link works once, for 30 minutes.");
  });

  test("escape what members typed in the HTML version", () => {
    const mail = verifyEmailMessage(member, link);
    expect(mail.html).toContain("Hello Ada &lt;b&gt;Lovelace&lt;/b&gt; &amp; Co,");
    expect(mail.html).not.toContain("<b>Lovelace</b>");
  });

  test("an email change goes to the new address; the notice to the old one names the new and offers a way back, not a reply", () => {
    expect(emailChangeMessage(member, "new@example.test", link).to).toBe("new@example.test");
    const undo = "https://marquee.example.com/undo-email?token=abc_DEF-123";
    const notice = emailChangedNotice(member, "new@example.test", undo, 7);
    expect(notice.to).toBe(member.email);
    expect(notice.text).toContain("is now new@example.test");
    expect(notice.text).toContain(`It wasn't me: secure my account:\n${undo}\n`);
    expect(notice.text).toContain("The link works once, for 7 days.");
    expect(notice.text).not.toMatch(/reply/i);
    expect(notice.html).toContain(`href="${undo}"`);
    expect(notice.link).toBe(undo);
  });
});

describe("mail sender", () => {
  test("has a Reply-To only when MAIL_REPLY_TO is set", () => {
    expect(senderFields({ MAIL_FROM: "Marquee <no-reply@example.test>" })).toEqual({
      from: "Marquee <no-reply@example.test>",
    });
    expect(senderFields({ MAIL_FROM: "Marquee <no-reply@example.test>", MAIL_REPLY_TO: "help@example.test" })).toEqual({
      from: "Marquee <no-reply@example.test>",
      replyTo: "help@example.test",
    });
  });
});
