// What a restore does to sign-ins, told to the operator in its last lines (docs/deploy.md "Backups").
// The archive holds no secret: AUTH_SECRET is a setting, and the one a local install generates lives
// in its data folder (lib/env.ts authSecret). Signed with it, and void under another: the session
// cookies, the API's bearer tokens, the login throttle's device cookies and the S3 direct-upload
// tickets. Not signed with it: passwords, passkeys, Google accounts, and the mailed links (random
// tokens whose hashes are rows of the archive), which all keep working.

type SecretSource = {
  /** AUTH_SECRET is set where the restore runs (and so, presumably, where the site will). */
  authSecretSet: boolean;
  /** Where the site keeps the generated secret when AUTH_SECRET is unset: <MARQUEE_DATA_DIR>/auth-secret. */
  secretFile: string;
};

/** The lines the restore ends with: what to copy so members stay signed in, and what happens if not. */
export function signInNotice({ authSecretSet, secretFile }: SecretSource): string[] {
  const copy = authSecretSet
    ? "Start the site with the old site's AUTH_SECRET (if it had none, set AUTH_SECRET to the contents of the auth-secret file in its data folder)."
    : `This site has no AUTH_SECRET, so it uses the secret in ${secretFile}: copy the old site's auth-secret (in its data folder, MARQUEE_DATA_DIR) over it, or set AUTH_SECRET to the old site's, before starting the site.`;
  return [
    "Sign-ins: the backup does not hold the secret that signs them.",
    copy,
    "Otherwise everyone is signed out and must sign in again (passwords, passkeys, Google and emailed links still work); apps need a new API token, and direct uploads under way must start over.",
  ];
}
