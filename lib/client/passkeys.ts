// The browser's side of passkeys: ask the API for options, run the ceremony with
// @simplewebauthn/browser (navigator.credentials.create/get), and hand back its answer for the API.
// What the browser refused becomes one sentence for a toast.
import {
  WebAuthnError,
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/browser";
import { apiFetch } from "./fetcher";

const PASSKEYS_UNSUPPORTED = "This browser cannot use passkeys.";
const PASSKEY_CANCELLED = "The passkey prompt was closed or timed out. Nothing was changed.";

/** A toast for what the browser (or the authenticator) refused. */
export function passkeyErrorMessage(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "This device already holds a passkey for your account.";
  if (error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError"))
    return PASSKEY_CANCELLED;
  if (error instanceof WebAuthnError) return `The passkey could not be used: ${error.message}`;
  return error instanceof Error && error.message ? error.message : PASSKEY_CANCELLED;
}

const passkeysSupported = () => typeof window !== "undefined" && browserSupportsWebAuthn();

/** Creates a passkey on this device for the signed-in member: the answer to send to POST /api/user/passkeys. */
export async function createPasskey(): Promise<RegistrationResponseJSON> {
  if (!passkeysSupported()) throw new Error(PASSKEYS_UNSUPPORTED);
  const optionsJSON = await apiFetch<PublicKeyCredentialCreationOptionsJSON>(
    "/api/user/passkeys/registration-options",
    { method: "POST" },
  );
  return startRegistration({ optionsJSON });
}

/** Has a passkey sign a fresh challenge: `sign-in` (anyone) or `confirm` (the signed-in member's own passkeys). */
export async function signWithPasskey(purpose: "sign-in" | "confirm"): Promise<AuthenticationResponseJSON> {
  if (!passkeysSupported()) throw new Error(PASSKEYS_UNSUPPORTED);
  const optionsJSON = await apiFetch<PublicKeyCredentialRequestOptionsJSON>(
    "/api/user/passkeys/authentication-options",
    { method: "POST", body: { purpose } },
  );
  return startAuthentication({ optionsJSON });
}
