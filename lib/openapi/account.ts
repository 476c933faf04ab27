// Accounts (docs/api.md "Accounts: recovery, email, passkeys, your data"): password reset, email
// verification and change, passkeys, and downloading one's data.
import {
  addPasskeySchema,
  emailChangeSchema,
  forgotPasswordSchema,
  linkTokenSchema,
  passkeyChallengeSchema,
  passkeyLoginSchema,
  resetPasswordSchema,
} from "@/lib/validation/account";
import { arrayOf, optionalBody, pathParam, ref, requestSchema, tagged, type ApiResource } from "./operation";

const account = tagged("account");
const passkeys = tagged("passkeys");

export const accountApi: ApiResource = {
  requestBodies: {
    ForgotPasswordBody: requestSchema(forgotPasswordSchema),
    ResetPasswordBody: requestSchema(resetPasswordSchema),
    LinkTokenBody: requestSchema(linkTokenSchema),
    EmailChangeBody: requestSchema(emailChangeSchema),
    AddPasskeyBody: requestSchema(addPasskeySchema),
    PasskeyChallengeBody: requestSchema(passkeyChallengeSchema),
    PasskeyLoginBody: requestSchema(passkeyLoginSchema),
  },
  paths: {
    "/api/user/password-reset": {
      post: account.anyone(
        "Forgot password: mails a link (valid 30 minutes, once) to choose a new password if the email has an account. The answer is the same whether or not it has one",
        {
          body: "ForgotPasswordBody",
          responses: {
            200: ["Always the same message", ref("Message")],
            429: "Too many requests for this email (3 an hour) or from this address (10 an hour); see Retry-After",
          },
        },
      ),
    },
    "/api/user/password-reset/confirm": {
      post: account.anyone(
        "Set a new password with the link's token. Ends every session and token of the account, and counts the email as verified",
        {
          body: "ResetPasswordBody",
          responses: {
            200: ["Reset: sign in with the new password", ref("Message")],
            400: "Invalid input, `Passwords must match`, or a link that is unknown, used, expired, superseded by a newer one or voided by a password change",
          },
        },
      ),
    },
    "/api/user/verify-email": {
      post: account.anyone("Mark the email verified with the token of the link mailed to it (signed in or not)", {
        body: "LinkTokenBody",
        responses: {
          200: ["`Your email address is verified`", ref("Message")],
          400: "A link that is unknown, used, expired, superseded, or sent to an address the account has left",
        },
      }),
    },
    "/api/user/verify-email/resend": {
      post: account.signedIn("Mail a new verification link (the older one stops working)", {
        responses: {
          200: ["Sent", ref("Message")],
          409: "`Your email address is already verified`",
          429: "Too many emails (5 an hour); see Retry-After",
        },
      }),
    },
    "/api/user/email": {
      post: account.signedIn(
        "Ask to change the email: a link goes to the new address; the change happens when it is confirmed (POST /api/user/email/confirm) and the old address is then told. `password` is required when the account has one",
        {
          body: "EmailChangeBody",
          responses: {
            200: [
              "The link is on its way; the same answer when another account has the address (its owner is told instead, and no link is sent)",
              ref("Message"),
            ],
            400: "Invalid input, `Password is incorrect`, or `That is already your email address`",
            429: "Too many emails (5 an hour, taken addresses included; see Retry-After), or too many wrong passwords (`Too many wrong passwords, please try again later`)",
          },
        },
      ),
    },
    "/api/user/email/confirm": {
      post: account.signedIn(
        "Complete an email change with the token of the link mailed to the new address; only the member who asked may (the link alone is not enough)",
        {
          body: "LinkTokenBody",
          responses: {
            200: ["Changed", ref("EmailChanged")],
            400: "A link that is unknown, used, expired, voided, or another account's",
            409: "The address was registered by someone else meanwhile",
          },
        },
      ),
    },
    "/api/user/email/undo": {
      post: account.anyone(
        '"Wasn\'t you?": with the token of the link mailed to the old address when an email change was confirmed (7 days, once), put that address back and set a new password. Ends every session, token and link of the account',
        {
          body: "ResetPasswordBody",
          responses: {
            200: ["`Your account is back at <email>. Sign in with your new password.`", ref("Message")],
            400: "Invalid input, `Passwords must match`, or a link that is unknown, used or expired",
            409: "Another account registered the old address meanwhile; nothing changes",
          },
        },
      ),
    },
    "/api/user/export": {
      get: account.signedIn(
        "Download my data: profile, settings, passkeys, favourites, My List, reviews and watch history as a versioned JSON file (Content-Disposition: attachment)",
        { responses: { 200: ["The export", ref("AccountExport")] } },
      ),
    },
    "/api/user/passkeys": {
      get: passkeys.signedIn("The member's passkeys, newest first", {
        responses: { 200: ["Passkeys", arrayOf("Passkey")] },
      }),
      post: passkeys.signedIn(
        "Add a passkey: the RegistrationResponseJSON of navigator.credentials.create() for options from POST /api/user/passkeys/registration-options. The account's email is told",
        {
          body: "AddPasskeyBody",
          responses: {
            201: ["Added", ref("Passkey")],
            400: "Invalid input, or an answer that does not verify (wrong challenge, origin or site, no user verification)",
            409: "This passkey is already added to an account",
          },
        },
      ),
    },
    "/api/user/passkeys/{id}": {
      delete: passkeys.signedIn("Remove one of the member's passkeys", {
        parameters: [pathParam("id", "The passkey's credential id (base64url)")],
        responses: {
          200: ["`Passkey removed`", ref("Message")],
          404: "`Passkey not found` (or another member's)",
        },
      }),
    },
    "/api/user/passkeys/registration-options": {
      post: passkeys.signedIn(
        "Options for navigator.credentials.create(): a challenge for this member, valid 5 minutes, used once",
        { responses: { 200: ["PublicKeyCredentialCreationOptionsJSON", ref("WebAuthnOptions")] } },
      ),
    },
    "/api/user/passkeys/authentication-options": {
      post: passkeys.anyone(
        "Options for navigator.credentials.get(): `sign-in` (anyone; any discoverable passkey) or `confirm` (signed in; one of the member's own, for DELETE /api/user). Valid 5 minutes, used once",
        {
          body: optionalBody("PasskeyChallengeBody"),
          responses: {
            200: ["PublicKeyCredentialRequestOptionsJSON", ref("WebAuthnOptions")],
            400: "Invalid input, or `You have no passkeys` (confirm)",
            401: "`confirm` without being signed in",
            429: "Too many sign-in challenges from this address (60 per 10 minutes); see Retry-After",
          },
        },
      ),
    },
    "/api/user/passkeys/login": {
      post: passkeys.anyone(
        "Log in with a passkey: the AuthenticationResponseJSON for a `sign-in` challenge. Like POST /api/user, UserInfo with a bearer token",
        {
          body: "PasskeyLoginBody",
          responses: {
            200: ["The user, with a bearer token", ref("UserInfo")],
            400: "Invalid input, or an assertion that does not verify",
          },
        },
      ),
    },
  },
};
