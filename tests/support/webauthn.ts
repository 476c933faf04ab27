// A software passkey for API tests: what a platform authenticator does, in Node (an ES256 key pair,
// "none" attestation, user present and verified). The browser tests use Chromium's virtual
// authenticator instead; this one lets the API be tested the way another client would use it.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import { api, baseUrl } from "./http";

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();

export type CreationOptions = { challenge: string; rp: { id: string }; user: { id: string } };
export type RequestOptions = { challenge: string; rpId: string };

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export class SoftwarePasskey {
  readonly id = b64url(randomBytes(16));
  private readonly privateKey: KeyObject;
  private readonly coseKey: Uint8Array;
  private counter = 0;
  private userHandle = "";

  /** `counting`: an authenticator that increments its signature counter (most passkeys send 0). */
  constructor(
    private readonly origin: string,
    private readonly counting = false,
  ) {
    const { publicKey, privateKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    this.privateKey = privateKey;
    const { x, y } = publicKey.export({ format: "jwk" });
    this.coseKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, new Uint8Array(Buffer.from(x!, "base64url"))],
        [-3, new Uint8Array(Buffer.from(y!, "base64url"))],
      ]),
    );
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  private authenticatorData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counting ? ++this.counter : 0);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  /** The RegistrationResponseJSON navigator.credentials.create() would give for these options. */
  register(options: CreationOptions, { origin = this.origin, verified = true } = {}) {
    this.userHandle = options.user.id;
    const credentialId = Buffer.from(this.id, "base64url");
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, this.coseKey]);
    const authData = this.authenticatorData(options.rp.id, UP | (verified ? UV : 0) | AT, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge, origin)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The AuthenticationResponseJSON navigator.credentials.get() would give for these options. */
  assert(options: RequestOptions, { origin = this.origin } = {}) {
    const authData = this.authenticatorData(options.rpId, UP | UV);
    const clientDataJSON = this.clientData("webauthn.get", options.challenge, origin);
    const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key",
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: this.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}

/** Adds a new software passkey to a member's account through the API, as the profile page does. */
export async function addSoftwarePasskey(user: { token: string }, name = "Test key"): Promise<SoftwarePasskey> {
  const passkey = new SoftwarePasskey(baseUrl);
  const options = await api("POST", "/api/user/passkeys/registration-options", { token: user.token });
  const added = await api("POST", "/api/user/passkeys", {
    token: user.token,
    body: { name, response: passkey.register(options.body as CreationOptions) },
  });
  if (added.status !== 201) throw new Error(`Adding a passkey answered ${added.status}: ${JSON.stringify(added.body)}`);
  return passkey;
}
