-- Issue 39 item 7: the email-changed notice carries a "Wasn't you?" link (lib/auth/email-change-undo.ts).
ALTER TYPE "AccountTokenPurpose" ADD VALUE 'email_change_undo';
