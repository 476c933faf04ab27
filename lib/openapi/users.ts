// Users (docs/api.md "Users", "Up next and playback settings"): log in, register, the profile, the
// password, deleting the account, and the playback settings.
import { deleteAccountSchema } from "@/lib/validation/account";
import { preferencesSchema } from "@/lib/validation/preferences";
import { loginSchema, passwordSchema, profileSchema, registerSchema } from "@/lib/validation/user";
import { optionalBody, ref, requestSchema, tagged, type ApiResource } from "./operation";

const { anyone, signedIn } = tagged("user");
/** Wrong passwords typed while signed in are throttled like failed logins (docs/security.md). */
const TOO_MANY_WRONG_PASSWORDS =
  "`Too many wrong passwords, please try again later` (LOGIN_RATE_LIMIT wrong passwords per LOGIN_RATE_WINDOW_SECONDS, counted across the password change, the email change and account deletion; even the right password until Retry-After)";

export const usersApi: ApiResource = {
  requestBodies: {
    LoginBody: requestSchema(loginSchema),
    RegisterBody: requestSchema(registerSchema),
    ProfileBody: requestSchema(profileSchema),
    PasswordBody: requestSchema(passwordSchema),
    DeleteAccountBody: requestSchema(deleteAccountSchema),
    PreferencesBody: requestSchema(preferencesSchema),
  },
  paths: {
    "/api/user": {
      post: anyone("Log in", {
        body: "LoginBody",
        responses: {
          200: ["The user, with a bearer token", ref("UserInfo")],
          400: "Invalid input, or `Email or password is invalid`",
          429: "Too many failed attempts (see Retry-After)",
        },
      }),
      put: signedIn("Update the profile (the email is read-only)", {
        body: "ProfileBody",
        responses: { 200: ["The user, with a fresh token", ref("UserInfo")] },
      }),
      delete: signedIn(
        "Delete the account with its favourites, reviews (ratings recomputed), watch history, passkeys, sessions and own picture. Confirm with `password`, a `passkey` assertion (authentication options with purpose `confirm`), or, for an account with neither, its `email`. The web session must confirm; a bearer client may send no body (as the endpoint first took none) and is then taken at its token",
        {
          body: optionalBody("DeleteAccountBody"),
          responses: {
            200: ["`Account deleted successfully`", ref("Message")],
            400: "`Confirm with your password or a passkey` (session without a confirmation), `Password is incorrect`, a passkey that did not confirm, or invalid input",
            409: "The last admin cannot delete itself",
            429: TOO_MANY_WRONG_PASSWORDS,
          },
        },
      ),
    },
    "/api/user/register": {
      post: anyone("Register; a link to verify the email is mailed to it", {
        body: "RegisterBody",
        responses: {
          201: ["The new user (no token: log in next)", ref("UserInfo")],
          409: "`<email> is already registered`",
          429: "Too many sign-ups from this address (REGISTER_RATE_LIMIT per REGISTER_RATE_WINDOW_SECONDS, taken emails included; see Retry-After)",
        },
      }),
    },
    "/api/user/password": {
      put: signedIn(
        "Change the password; ends every session and token, the caller's included, and answers a fresh token. The confirmation is optional; when sent it must match (`Passwords must match`)",
        {
          body: "PasswordBody",
          responses: {
            200: ["Changed, with a fresh token", ref("PasswordChanged")],
            400: "Invalid input, `Passwords must match`, or `Old password is incorrect`",
            429: TOO_MANY_WRONG_PASSWORDS,
          },
        },
      ),
    },
    "/api/user/preferences": {
      get: signedIn("The member's playback settings", { responses: { 200: ["The settings", ref("Preferences")] } }),
      put: signedIn("Change the playback settings", {
        body: "PreferencesBody",
        responses: { 200: ["The settings", ref("Preferences")] },
      }),
    },
  },
};
