import "server-only";
// The one-time links Marquee sends by email: password reset, email verification, email change, and
// "Wasn't you?" after an email change (lib/auth/email-change-undo.ts).
// A token is 32 random bytes; only its SHA-256 is stored, so a copy of the database opens nothing.
// Sending a new link of a kind voids the older ones, and a link is spent by its first use whatever
// the outcome. A password change or reset and a confirmed email change end every link of the member
// (`endAccountLinks`, in the same transaction where there is one): a link mailed before decides
// nothing after. Two checks back that up against a link issued meanwhile: reset and change links
// keep the credentials version they were issued under, and a reset link works only while the account
// still has the address it was mailed to. "Wasn't you?" links are the exception: they exist to undo
// exactly those changes when someone else made them, so only using one ends them (`endLinksAfterUndo`).
import { createHash, randomBytes } from "node:crypto";
import { db } from "@/lib/database/db";
import { hashPassword } from "./password";
import type { AccountTokenPurpose, Prisma } from "@/lib/generated/prisma/client";

export const RESET_LINK_MINUTES = 30;

export const UNDO_LINK_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

const LIFETIME_MS: Record<AccountTokenPurpose, number> = {
  password_reset: RESET_LINK_MINUTES * 60 * 1000,
  email_verification: DAY_MS,
  email_change: DAY_MS,
  email_change_undo: UNDO_LINK_DAYS * DAY_MS,
};

/**
 * Each address an account leaves gets its own way back; a later change must not void the first
 * owner's (the intruder's second change would otherwise end it).
 */
const KEPT_ALONGSIDE: AccountTokenPurpose[] = ["email_change_undo"];

/** Links that a password change voids: whoever changed it decides again. */
const ENDED_BY_PASSWORD_CHANGE: AccountTokenPurpose[] = ["password_reset", "email_change"];

const sha256 = (token: string) => createHash("sha256").update(token).digest("base64url");

/** A plausible token (43 base64url characters), so junk never reaches the database. */
const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token);

/** A new link token for `user`, sent to `email`; older links of the same kind stop working. */
export async function issueAccountToken(
  user: { id: string; credentialsVersion: number },
  purpose: AccountTokenPurpose,
  email: string,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db.$transaction([
    ...(KEPT_ALONGSIDE.includes(purpose) ? [] : [db.accountToken.deleteMany({ where: { userId: user.id, purpose } })]),
    db.accountToken.create({
      data: {
        tokenHash: sha256(token),
        userId: user.id,
        purpose,
        email,
        credentialsVersion: user.credentialsVersion,
        expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
      },
    }),
  ]);
  return token;
}

/** What a live link stands for, and when it was sent. */
export type SpentToken = { userId: string; email: string; issuedAt: Date };

type Row = {
  userId: string;
  email: string;
  createdAt: Date;
  expiresAt: Date;
  tokenVersion: number;
  userVersion: number;
  userEmail: string;
};

const isLive = (row: Row | undefined, purpose: AccountTokenPurpose): row is Row =>
  row !== undefined &&
  row.expiresAt > new Date() &&
  (!ENDED_BY_PASSWORD_CHANGE.includes(purpose) || row.tokenVersion === row.userVersion) &&
  // A reset link reached an address; once the account has left it, whoever reads that mailbox has no say.
  (purpose !== "password_reset" || row.email.toLowerCase() === row.userEmail.toLowerCase());

/**
 * Ends every link of the member but the "Wasn't you?" ones: after a password change or reset, or a
 * confirmed email change. The member can ask for new ones at once.
 */
export async function endAccountLinks(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.accountToken.deleteMany({ where: { userId, purpose: { notIn: KEPT_ALONGSIDE } } });
}

/**
 * After a "Wasn't you?" link was used: every other link of the member ends, "Wasn't you?" links sent
 * after it included, so an intruder's own way back (to an address they moved the account to) dies.
 * Older ones stay: an intruder who used theirs first cannot end the first owner's.
 */
export async function endLinksAfterUndo(tx: Prisma.TransactionClient, spent: SpentToken): Promise<void> {
  await tx.accountToken.deleteMany({
    where: {
      userId: spent.userId,
      NOT: { purpose: "email_change_undo", createdAt: { lt: spent.issuedAt } },
    },
  });
}

/**
 * Spends a link: deletes its row (atomically: of two requests with the same link, one gets it)
 * and answers what it stood for, or null when it was unknown, expired, voided, or (with `userId`)
 * another account's. Runs inside the caller's transaction so the change it authorises commits with it.
 */
export async function spendAccountToken(
  tx: Prisma.TransactionClient,
  token: string,
  purpose: AccountTokenPurpose,
  userId?: string,
): Promise<SpentToken | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await tx.$queryRaw<Row[]>`
    DELETE FROM "AccountToken" t USING "User" u
    WHERE t."tokenHash" = ${sha256(token)} AND t."purpose" = ${purpose}::"AccountTokenPurpose"
      AND u."id" = t."userId" AND (${userId ?? null}::uuid IS NULL OR t."userId" = ${userId ?? null}::uuid)
    RETURNING t."userId"::text AS "userId", t."email"::text AS "email", t."createdAt", t."expiresAt",
      t."credentialsVersion" AS "tokenVersion", u."credentialsVersion" AS "userVersion",
      u."email"::text AS "userEmail"`;
  return isLive(row, purpose) ? { userId: row.userId, email: row.email, issuedAt: row.createdAt } : null;
}

/**
 * What a link stands for if it would still work, without spending it: the reset page asks before
 * showing its form, the email change page to name the new address.
 */
export async function peekAccountToken(
  token: string,
  purpose: AccountTokenPurpose,
  userId?: string,
): Promise<SpentToken | null> {
  if (!isTokenShaped(token)) return null;
  const [row] = await db.$queryRaw<Row[]>`
    SELECT t."userId"::text AS "userId", t."email"::text AS "email", t."createdAt", t."expiresAt",
      t."credentialsVersion" AS "tokenVersion", u."credentialsVersion" AS "userVersion",
      u."email"::text AS "userEmail"
    FROM "AccountToken" t JOIN "User" u ON u."id" = t."userId"
    WHERE t."tokenHash" = ${sha256(token)} AND t."purpose" = ${purpose}::"AccountTokenPurpose"
      AND (${userId ?? null}::uuid IS NULL OR t."userId" = ${userId ?? null}::uuid)`;
  return isLive(row, purpose) ? { userId: row.userId, email: row.email, issuedAt: row.createdAt } : null;
}

/**
 * The password a reset or "Wasn't you?" link sets, hashed only once the link is known to work: anyone
 * can post a made-up token, and it must not cost the server a slow hash (19 MiB, a CPU for a tenth of
 * a second). Null when the link would not work. The caller spends the link afterwards, in its
 * transaction, which checks it again (a link used meanwhile is refused there).
 */
export async function hashPasswordForLink(
  token: string,
  purpose: "password_reset" | "email_change_undo",
  password: string,
): Promise<string | null> {
  if (!(await peekAccountToken(token, purpose))) return null;
  return hashPassword(password);
}
