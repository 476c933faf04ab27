// The restore's last lines (issue 39, item 8): the archive holds no signing secret, so the operator
// is told what to copy and what a restored site does without it.
import { expect, test } from "vitest";
import { signInNotice } from "@/lib/backup/sign-in-notice";

const otherwise =
  "Otherwise everyone is signed out and must sign in again (passwords, passkeys, Google and emailed links still work); apps need a new API token, and direct uploads under way must start over.";

test("without AUTH_SECRET: the generated secret's file, to copy over", () => {
  expect(signInNotice({ authSecretSet: false, secretFile: "/srv/marquee/.data/auth-secret" })).toEqual([
    "Sign-ins: the backup does not hold the secret that signs them.",
    "This site has no AUTH_SECRET, so it uses the secret in /srv/marquee/.data/auth-secret: copy the old site's auth-secret (in its data folder, MARQUEE_DATA_DIR) over it, or set AUTH_SECRET to the old site's, before starting the site.",
    otherwise,
  ]);
});

test("with AUTH_SECRET: the old site's value", () => {
  expect(signInNotice({ authSecretSet: true, secretFile: "/srv/marquee/.data/auth-secret" })).toEqual([
    "Sign-ins: the backup does not hold the secret that signs them.",
    "Start the site with the old site's AUTH_SECRET (if it had none, set AUTH_SECRET to the contents of the auth-secret file in its data folder).",
    otherwise,
  ]);
});
