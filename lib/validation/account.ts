// Schemas of the account recovery and security forms (password reset, email verification and
// change, passkeys, account deletion), shared by the pages and the route handlers.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";
import { onStrings, requiredText, text } from "./fields";
import { PASSWORD_MAX, emailField, passwordField } from "./user";

/** What a link's token field says when it is missing: the link was cut short (a mail client wrapped it). */
const INCOMPLETE_LINK = "This link is incomplete. Open it from the email again.";

const linkToken = requiredText("token", INCOMPLETE_LINK, { max: 200, message: INCOMPLETE_LINK });

/** POST /api/user/password-reset: the email that forgot its password. */
export const forgotPasswordSchema = z.object({ email: emailField });

/** The confirmation as the change-password form spells it, or correctly. */
const confirmations = {
  confirmPassword: text("confirmPassword").trim().optional(),
  comfirmPassword: text("comfirmPassword").trim().optional(),
};

/** POST /api/user/password-reset/confirm: the link's token and the new password (6 to 12 characters). */
export const resetPasswordSchema = z
  .object({ token: linkToken, password: passwordField("password", "New password is required"), ...confirmations })
  .superRefine((value, ctx) => {
    const confirmation = value.confirmPassword ?? value.comfirmPassword;
    if (confirmation !== undefined && confirmation !== value.password)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords must match" });
  });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** The /reset-password form, which always asks for the confirmation (the token comes from the address). */
export const resetPasswordFormSchema = z
  .object({
    password: passwordField("password", "New password is required"),
    confirmPassword: text("confirmPassword").trim(),
  })
  .superRefine((value, ctx) => {
    if (!value.confirmPassword)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Confirm password is required" });
    else if (value.confirmPassword !== value.password)
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: "Passwords must match" });
  });

/** POST /api/user/verify-email and /api/user/email/confirm: the token from the link. */
export const linkTokenSchema = z.object({ token: linkToken });

/** The current password where an action asks for it again; any length, it is only compared. */
const currentPassword = text("password", "Password is required")
  .max(PASSWORD_MAX * 4, onStrings({ error: "Password is incorrect" }))
  .optional();

/** POST /api/user/email: the new address, and the password when the account has one. */
export const emailChangeSchema = z.object({
  email: emailField.describe("The new email address; it takes effect when the link sent to it is opened"),
  password: currentPassword.describe("The account's password (required when the account has one)"),
});
export type EmailChangeInput = z.infer<typeof emailChangeSchema>;

const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** base64url text as WebAuthn's JSON encodings carry it. */
const base64url = (field: string) =>
  text(field)
    .max(64 * 1024, onStrings({ error: `${field} is too long` }))
    .regex(BASE64URL, `${field} must be base64url`);

/**
 * Whether a path segment can be a passkey's credential id (base64url; WebAuthn caps credential ids at
 * 1023 bytes), so junk such as a NUL byte, which PostgreSQL refuses in text, never reaches a query.
 */
export const isCredentialId = (value: string) => value.length > 0 && value.length <= 1400 && BASE64URL.test(value);

/**
 * A credential as @simplewebauthn/browser hands it over (RegistrationResponseJSON or
 * AuthenticationResponseJSON): the fields checked for shape here, everything else passed through
 * to @simplewebauthn/server, which verifies it.
 */
const credentialResponse = <T extends z.ZodRawShape>(response: T) =>
  z.looseObject({
    id: base64url("id").min(1, onStrings({ error: "id is required" })),
    rawId: base64url("rawId"),
    type: z.literal("public-key", { error: "type must be public-key" }),
    response: z.looseObject(response, { error: "response must be an object" }),
    clientExtensionResults: z.looseObject({}).default({}),
  });

// The shapes checked, the types are WebAuthn's own: @simplewebauthn/server verifies the rest.
const registrationResponseSchema = credentialResponse({
  clientDataJSON: base64url("clientDataJSON"),
  attestationObject: base64url("attestationObject"),
  transports: z.array(text("transports").max(20)).max(10).optional(),
}).transform((response) => response as unknown as RegistrationResponseJSON);

const authenticationResponseSchema = credentialResponse({
  clientDataJSON: base64url("clientDataJSON"),
  authenticatorData: base64url("authenticatorData"),
  signature: base64url("signature"),
  userHandle: base64url("userHandle").optional(),
}).transform((response) => response as unknown as AuthenticationResponseJSON);

const passkeyNameField = requiredText("name", "Passkey name is required", {
  max: 60,
  message: "Passkey name must be at most 60 characters",
});

/** POST /api/user/passkeys: the authenticator's answer and the member's label for it. */
export const addPasskeySchema = z.object({
  name: passkeyNameField.optional().describe('The member\'s label for it ("Laptop"); default "Passkey"'),
  response: registrationResponseSchema,
});

/** POST /api/user/passkeys/authentication-options. */
export const passkeyChallengeSchema = z.object({
  purpose: z
    .enum(["sign-in", "confirm"], { error: "purpose must be sign-in or confirm" })
    .default("sign-in")
    .describe("sign-in (anyone: any passkey of any account) or confirm (signed in: one of the account's own)"),
});

/** POST /api/user/passkeys/login, and NextAuth's passkey provider. */
export const passkeyLoginSchema = z.object({ response: authenticationResponseSchema });

/**
 * DELETE /api/user: how the member confirms. One of: the password, a passkey assertion (from
 * authentication options with purpose `confirm`), or, for an account with neither, its email typed
 * out. A request with none is accepted only from a bearer-token client (docs/api.md).
 */
export const deleteAccountSchema = z.object({
  password: currentPassword.describe("The account's password"),
  passkey: authenticationResponseSchema.optional().describe("A passkey assertion for a `confirm` challenge"),
  email: text("email")
    .trim()
    .toLowerCase()
    .optional()
    .describe("The account's email, for accounts without password or passkey"),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/** The email change dialog of an account with a password: it must be typed. */
export const emailChangeWithPasswordSchema = z.object({
  email: emailField,
  password: requiredText("password", "Password is required"),
});

/**
 * The delete dialog's form: the password, or, for an account with neither password nor passkey,
 * its email typed out.
 */
export const deleteAccountFormSchema = (confirmWith: "password" | "email") =>
  z.object({ password: text("password"), email: text("email").trim() }).superRefine((value, ctx) => {
    if (confirmWith === "password" && !value.password)
      ctx.addIssue({ code: "custom", path: ["password"], message: "Password is required" });
    if (confirmWith === "email" && !value.email)
      ctx.addIssue({ code: "custom", path: ["email"], message: "Type your email address to confirm" });
  });

/** The profile's "Add a passkey" form: an optional label. */
export const passkeyNameFormSchema = z.object({
  name: text("name")
    .trim()
    .max(60, onStrings({ error: "Passkey name must be at most 60 characters" })),
});
