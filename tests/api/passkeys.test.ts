// Passkeys through the API (issue 25 item 5), with a software authenticator (tests/support/webauthn.ts)
// doing what the browser's would; e2e/passkeys.spec.ts runs the same in Chromium with its virtual one.
import { describe, expect, test } from "vitest";
import { api, baseUrl } from "../support/http";
import { latestMail } from "../support/mail";
import { freshIp, freshUser, type TestUser } from "../support/users";
import { SoftwarePasskey, type CreationOptions, type RequestOptions } from "../support/webauthn";

const registrationOptions = async (user: TestUser) =>
  (await api<CreationOptions>("POST", "/api/user/passkeys/registration-options", { token: user.token })).body;
const signInOptions = async () =>
  (
    await api<RequestOptions & { allowCredentials?: unknown[] }>("POST", "/api/user/passkeys/authentication-options", {
      body: { purpose: "sign-in" },
      headers: { "x-forwarded-for": freshIp() },
    })
  ).body;

/** A member with one software passkey added through the API. */
async function memberWithPasskey(label: string, name = "Test key") {
  const user = await freshUser(label);
  const passkey = new SoftwarePasskey(baseUrl);
  const added = await api("POST", "/api/user/passkeys", {
    token: user.token,
    body: { name, response: passkey.register(await registrationOptions(user)) },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  return { user, passkey, added: added.body as { _id: string } };
}

describe("adding passkeys", () => {
  test("registration options name this site and member and exclude the passkeys it has", async () => {
    const { user, passkey } = await memberWithPasskey("options");
    const options = await registrationOptions(user);
    expect(options).toMatchObject({
      rp: { id: "127.0.0.1", name: "Marquee" },
      user: { name: user.email, displayName: user.fullName },
      challenge: expect.stringMatching(/^[A-Za-z0-9_-]{20,}$/),
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      excludeCredentials: [expect.objectContaining({ id: passkey.id })],
    });
    expect((await api("POST", "/api/user/passkeys/registration-options")).status).toBe(401);
  });

  test("an added passkey is listed (with its name) and the member is told by email", async () => {
    const { user, passkey, added } = await memberWithPasskey("listed", "Laptop");
    expect(added).toEqual({
      _id: passkey.id,
      name: "Laptop",
      synced: false,
      backedUp: false,
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    expect((await api("GET", "/api/user/passkeys", { token: user.token })).body).toEqual([added]);
    const notice = await latestMail(user.email, "A passkey was added to your Marquee account");
    expect(notice.text).toContain('A passkey named "Laptop"');
  });

  test("an answer to another challenge, another site, or without user verification is refused", async () => {
    const user = await freshUser("badregistration");
    const options = await registrationOptions(user);
    const add = (response: unknown) => api("POST", "/api/user/passkeys", { token: user.token, body: { response } });
    const refused = { status: 400, body: { message: "The passkey could not be added. Please try again." } };
    expect(await add(new SoftwarePasskey(baseUrl).register({ ...options, challenge: "bWFkZS11cA" }))).toMatchObject(
      refused,
    );
    expect(
      await add(new SoftwarePasskey("https://evil.example").register(await registrationOptions(user))),
    ).toMatchObject(refused);
    expect(
      await add(new SoftwarePasskey(baseUrl).register(await registrationOptions(user), { verified: false })),
    ).toMatchObject(refused);
    // Another member's challenge is not this member's.
    const other = await freshUser("otherchallenge");
    expect(await add(new SoftwarePasskey(baseUrl).register(await registrationOptions(other)))).toMatchObject(refused);
    expect((await api("GET", "/api/user/passkeys", { token: user.token })).body).toEqual([]);
  });

  test("a challenge answers once: the same answer again is refused", async () => {
    const user = await freshUser("replayadd");
    const response = new SoftwarePasskey(baseUrl).register(await registrationOptions(user));
    expect((await api("POST", "/api/user/passkeys", { token: user.token, body: { response } })).status).toBe(201);
    expect((await api("POST", "/api/user/passkeys", { token: user.token, body: { response } })).status).toBe(400);
  });

  test("a malformed answer is a 400 naming the field", async () => {
    const user = await freshUser("malformed");
    const response = await api("POST", "/api/user/passkeys", {
      token: user.token,
      body: { response: { id: "abc", rawId: "abc", type: "password", response: {} } },
    });
    expect(response).toMatchObject({ status: 400, body: { errors: { "response.type": ["type must be public-key"] } } });
  });
});

describe("signing in with a passkey", () => {
  test("POST /api/user/passkeys/login answers UserInfo with a working token, and records the use", async () => {
    const { user, passkey } = await memberWithPasskey("signin");
    const options = await signInOptions();
    expect(options).toMatchObject({ rpId: "127.0.0.1", userVerification: "required" });
    expect(options.allowCredentials ?? []).toEqual([]); // discoverable: any account's passkey
    const signedIn = await api("POST", "/api/user/passkeys/login", { body: { response: passkey.assert(options) } });
    expect(signedIn).toMatchObject({
      status: 200,
      body: { _id: user._id, email: user.email, fullName: user.fullName, isAdmin: false, token: expect.any(String) },
    });
    expect((await api("GET", "/api/user/favorite", { token: signedIn.body.token })).status).toBe(200);
    const [listed] = (await api("GET", "/api/user/passkeys", { token: user.token })).body;
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  test("an answer works once, only for its own challenge and this site", async () => {
    const { passkey } = await memberWithPasskey("replaysignin");
    const failed = {
      status: 400,
      body: { message: "This passkey could not sign you in. Use your password, or try again." },
    };
    const response = passkey.assert(await signInOptions());
    expect((await api("POST", "/api/user/passkeys/login", { body: { response } })).status).toBe(200);
    expect(await api("POST", "/api/user/passkeys/login", { body: { response } })).toMatchObject(failed);
    expect(
      await api("POST", "/api/user/passkeys/login", {
        body: { response: passkey.assert({ challenge: "bWFkZS11cA", rpId: "127.0.0.1" }) },
      }),
    ).toMatchObject(failed);
    expect(
      await api("POST", "/api/user/passkeys/login", {
        body: { response: passkey.assert(await signInOptions(), { origin: "https://evil.example" }) },
      }),
    ).toMatchObject(failed);
  });

  test("an unknown passkey, or a removed one, signs no one in", async () => {
    const { user, passkey } = await memberWithPasskey("removed");
    const unknown = new SoftwarePasskey(baseUrl);
    expect(
      (await api("POST", "/api/user/passkeys/login", { body: { response: unknown.assert(await signInOptions()) } }))
        .status,
    ).toBe(400);
    expect(await api("DELETE", `/api/user/passkeys/${passkey.id}`, { token: user.token })).toMatchObject({
      status: 200,
      body: { message: "Passkey removed" },
    });
    expect((await api("GET", "/api/user/passkeys", { token: user.token })).body).toEqual([]);
    expect(
      (await api("POST", "/api/user/passkeys/login", { body: { response: passkey.assert(await signInOptions()) } }))
        .status,
    ).toBe(400);
  });

  test("a counter that goes backwards (a cloned authenticator) is refused", async () => {
    const user = await freshUser("counter");
    const passkey = new SoftwarePasskey(baseUrl, true);
    await api("POST", "/api/user/passkeys", {
      token: user.token,
      body: { response: passkey.register(await registrationOptions(user)) },
    });
    // Two answers signed in turn (counters 2 and 3); the newer used first, the older one's counter is behind.
    const older = passkey.assert(await signInOptions());
    const newer = passkey.assert(await signInOptions());
    expect((await api("POST", "/api/user/passkeys/login", { body: { response: newer } })).status).toBe(200);
    expect((await api("POST", "/api/user/passkeys/login", { body: { response: older } })).status).toBe(400);
  });
});

describe("removing passkeys", () => {
  test("only one's own: another member's passkey id is a 404 and stays", async () => {
    const { user, passkey } = await memberWithPasskey("owner");
    const other = await freshUser("notowner");
    expect(await api("DELETE", `/api/user/passkeys/${passkey.id}`, { token: other.token })).toMatchObject({
      status: 404,
      body: { message: "Passkey not found" },
    });
    expect((await api("GET", "/api/user/passkeys", { token: user.token })).body).toHaveLength(1);
  });

  test("an id that cannot be a credential id (not base64url, a NUL byte) is a 404, not a database error", async () => {
    const { user } = await memberWithPasskey("junkid");
    for (const id of ["%00", "not%20base64url", "x".repeat(1401)]) {
      expect(await api("DELETE", `/api/user/passkeys/${id}`, { token: user.token })).toMatchObject({
        status: 404,
        body: { message: "Passkey not found" },
      });
    }
    expect((await api("GET", "/api/user/passkeys", { token: user.token })).body).toHaveLength(1);
  });
});

describe("confirm challenges", () => {
  test("need a signed-in member with passkeys, and offer only that member's", async () => {
    expect(
      (await api("POST", "/api/user/passkeys/authentication-options", { body: { purpose: "confirm" } })).status,
    ).toBe(401);
    const none = await freshUser("nopasskeys");
    expect(
      await api("POST", "/api/user/passkeys/authentication-options", {
        token: none.token,
        body: { purpose: "confirm" },
      }),
    ).toMatchObject({ status: 400, body: { message: "You have no passkeys" } });
    const { user, passkey } = await memberWithPasskey("confirmer");
    const options = await api("POST", "/api/user/passkeys/authentication-options", {
      token: user.token,
      body: { purpose: "confirm" },
    });
    expect(options.body.allowCredentials).toEqual([expect.objectContaining({ id: passkey.id })]);
    // A confirmation is not a way to sign in.
    expect(
      (await api("POST", "/api/user/passkeys/login", { body: { response: passkey.assert(options.body) } })).status,
    ).toBe(400);
    expect(
      (await api("POST", "/api/user/passkeys/authentication-options", { body: { purpose: "other" } })).body.message,
    ).toBe("purpose must be sign-in or confirm");
  });

  test("sign-in challenges are limited per client address (60 per 10 minutes)", async () => {
    const ip = freshIp();
    const ask = () =>
      api("POST", "/api/user/passkeys/authentication-options", { body: {}, headers: { "x-forwarded-for": ip } });
    for (let i = 0; i < 60; i++) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused).toMatchObject({
      status: 429,
      body: { message: "Too many passkey attempts, please try again later" },
    });
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
