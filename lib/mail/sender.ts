// Who a message is from, and where replies go: a Reply-To only when MAIL_REPLY_TO is set, since
// MAIL_FROM is usually a no-reply address and no message asks for a reply to it.
export const senderFields = (config: { MAIL_FROM: string; MAIL_REPLY_TO?: string }) => ({
  from: config.MAIL_FROM,
  ...(config.MAIL_REPLY_TO && { replyTo: config.MAIL_REPLY_TO }),
});
