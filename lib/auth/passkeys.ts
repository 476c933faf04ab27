import "server-only";
// Passkeys (WebAuthn, through @simplewebauthn/server; docs/api.md "Accounts"). A member adds
// them on the profile page, signs in with one from /login, confirms the account's deletion with one,
// and can see and remove them. Every ceremony starts with a challenge stored server-side
// (PasskeyChallenge: what it is for, whose, 5 minutes) and spent by its first answer, so a
// recorded answer can never be played again. The relying party is the site's public address.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
  type VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import { db } from "@/lib/database/db";
import { Prisma, type PasskeyCeremony } from "@/lib/generated/prisma/client";
import { invalid, conflict, notFound } from "@/lib/errors";
import { publicOrigin } from "@/lib/http/public-url";
import { log } from "@/lib/log";
import { sendMailLater } from "@/lib/mail";
import { passkeyAddedNotice } from "@/lib/mail/messages";
import type { PasskeyItem } from "@/lib/api-shapes";
import { listPasskeys } from "@/lib/data/passkeys";
import { isCredentialId } from "@/lib/validation/account";
import { sessionUserSelect, type SessionUser } from "./session-user";

export type { PasskeyItem };

const PASSKEY_NOT_ADDED = "The passkey could not be added. Please try again.";
const PASSKEY_ALREADY_ADDED = "This passkey is already added to an account";
export const PASSKEY_SIGN_IN_FAILED = "This passkey could not sign you in. Use your password, or try again.";
const PASSKEY_NOT_FOUND = "Passkey not found";
const NO_PASSKEYS = "You have no passkeys";

const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;
const RP_NAME = "Marquee";

/** Who the passkeys belong to (WebAuthn's relying party): the site's address, as the browser sees it. */
function relyingParty(request: Pick<Request, "headers" | "url">): { id: string; origin: string } {
  const origin = publicOrigin(request);
  return { id: new URL(origin).hostname, origin };
}

async function storeChallenge(challenge: string, ceremony: PasskeyCeremony, userId: string | null): Promise<void> {
  await db.passkeyChallenge.create({
    data: { challenge, ceremony, userId, expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS) },
  });
}

/** Spends a challenge if it was issued for this ceremony (and member) and is still live. */
async function spendChallenge(challenge: string, ceremony: PasskeyCeremony, userId: string | null): Promise<boolean> {
  const { count } = await db.passkeyChallenge.deleteMany({
    where: { challenge, ceremony, userId, expiresAt: { gt: new Date() } },
  });
  return count === 1;
}

/** The user handle a passkey stores: the account id's 16 bytes (nothing personal, the same for each of its passkeys). */
const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ""), "hex"));

/** POST /api/user/passkeys/registration-options: what the browser's navigator.credentials.create() needs. */
export async function registrationOptions(
  user: SessionUser,
  request: Pick<Request, "headers" | "url">,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await db.passkey.findMany({ where: { userId: user.id }, select: { id: true, transports: true } });
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: relyingParty(request).id,
    userName: user.email,
    userDisplayName: user.fullName,
    userID: userHandle(user.id),
    attestationType: "none",
    // The same authenticator cannot be added twice.
    excludeCredentials: existing.map(({ id, transports }) => ({ id, transports })),
    // A passkey signs in without an email typed first, and stands in for the password: it must be
    // discoverable and verify its user (PIN, fingerprint, face).
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
  });
  await storeChallenge(options.challenge, "registration", user.id);
  return options;
}

/** POST /api/user/passkeys: verifies the authenticator's answer and keeps its public key. */
export async function addPasskey(
  user: SessionUser,
  input: { name?: string; response: RegistrationResponseJSON },
  request: Pick<Request, "headers" | "url">,
): Promise<PasskeyItem> {
  const rp = relyingParty(request);
  let info: VerifiedRegistrationResponse["registrationInfo"] | null = null;
  try {
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: (challenge) => spendChallenge(challenge, "registration", user.id),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    info = verification.verified ? verification.registrationInfo : null;
  } catch (error) {
    log.info({ err: error, userId: user.id }, "passkey registration refused");
  }
  if (!info) throw invalid(PASSKEY_NOT_ADDED);
  const name = input.name ?? "Passkey";
  try {
    await db.passkey.create({
      data: {
        id: info.credential.id,
        userId: user.id,
        name,
        publicKey: new Uint8Array(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
      },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict(PASSKEY_ALREADY_ADDED);
    throw error;
  }
  // Someone with a moment at an unlocked session could add their own: the owner hears of it.
  sendMailLater(passkeyAddedNotice(user, name));
  const credentialId = info.credential.id;
  const [added] = (await listPasskeys(user.id)).filter((passkey) => passkey._id === credentialId);
  return added!;
}

/** DELETE /api/user/passkeys/{id}: only one of the member's own; another id is 404. */
export async function removePasskey(userId: string, passkeyId: string): Promise<{ message: string }> {
  if (!isCredentialId(passkeyId)) throw notFound(PASSKEY_NOT_FOUND);
  const { count } = await db.passkey.deleteMany({ where: { id: passkeyId, userId } });
  if (count === 0) throw notFound(PASSKEY_NOT_FOUND);
  return { message: "Passkey removed" };
}

/**
 * POST /api/user/passkeys/authentication-options: what navigator.credentials.get() needs. Without
 * `user`, to sign in (any discoverable passkey of any account); with one, to confirm an action as
 * that member (only its own passkeys are offered, and only they will be accepted).
 */
export async function authenticationOptions(
  user: SessionUser | null,
  request: Pick<Request, "headers" | "url">,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials = user
    ? await db.passkey.findMany({ where: { userId: user.id }, select: { id: true, transports: true } })
    : undefined;
  if (allowCredentials?.length === 0) throw invalid(NO_PASSKEYS);
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(request).id,
    allowCredentials,
    userVerification: "required",
  });
  await storeChallenge(options.challenge, user ? "confirmation" : "sign_in", user?.id ?? null);
  return options;
}

/**
 * Checks an assertion: a passkey we know (of `userId`, when given) signed a live challenge of this
 * ceremony for this site, with its user verified. Answers the passkey's account id, or null.
 */
async function verifyAssertion(
  response: AuthenticationResponseJSON,
  ceremony: PasskeyCeremony,
  userId: string | null,
  request: Pick<Request, "headers" | "url">,
): Promise<string | null> {
  const passkey = await db.passkey.findUnique({
    where: { id: response.id },
    select: { id: true, userId: true, publicKey: true, counter: true, transports: true },
  });
  if (!passkey || (userId !== null && passkey.userId !== userId)) return null;
  const rp = relyingParty(request);
  try {
    const { verified, authenticationInfo } = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => spendChallenge(challenge, ceremony, userId),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.id,
        publicKey: new Uint8Array(passkey.publicKey),
        counter: Number(passkey.counter),
        transports: passkey.transports,
      },
      requireUserVerification: true,
    });
    if (!verified) return null;
    await db.passkey.update({
      where: { id: passkey.id },
      data: { counter: authenticationInfo.newCounter, lastUsedAt: new Date() },
    });
    return passkey.userId;
  } catch (error) {
    log.info({ err: error, passkeyId: passkey.id }, "passkey assertion refused");
    return null;
  }
}

/** Sign-in with a passkey (POST /api/user/passkeys/login and the web's NextAuth provider): the account, or 400. */
export async function signInWithPasskey(
  response: AuthenticationResponseJSON,
  request: Pick<Request, "headers" | "url">,
): Promise<SessionUser> {
  const userId = await verifyAssertion(response, "sign_in", null, request);
  const user =
    userId &&
    (await db.user.findUnique({
      where: { id: userId },
      select: sessionUserSelect,
    }));
  if (!user) throw invalid(PASSKEY_SIGN_IN_FAILED);
  return user;
}

/** Whether `response` proves the signed-in member is at the keyboard (a `confirm` challenge, one of its passkeys). */
export function confirmWithPasskey(
  userId: string,
  response: AuthenticationResponseJSON,
  request: Pick<Request, "headers" | "url">,
): Promise<boolean> {
  return verifyAssertion(response, "confirmation", userId, request).then((owner) => owner === userId);
}
