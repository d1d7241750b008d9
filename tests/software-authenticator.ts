// A software passkey authenticator for tests: a P-256 key made in the test process, attestation "none",
// the CBOR written with @simplewebauthn's own encoder. It answers the options the routes hand out
// exactly as a browser and a real authenticator would (RegistrationResponseJSON and
// AuthenticationResponseJSON), so the server's real verification runs on them.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

type CreationOptions = { challenge: string; rp: { id?: string }; user: { id: string } };
type RequestOptions = { challenge: string; rpId?: string };

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const b64 = (bytes: Uint8Array | Buffer) => isoBase64URL.fromBuffer(new Uint8Array(bytes));
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

export type SoftPasskey = {
  credentialId: Buffer;
  privateKey: KeyObject;
  rpId: string;
  /** The user handle the site gave (base64url), returned at sign-in as the authenticator does. */
  userHandle: string;
  counter: number;
};

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

/** Makes a new passkey for `options` (from POST /api/me/passkeys/options), as the browser at `origin` would. */
export function createPasskey(options: CreationOptions, origin: string, overrides: { rpId?: string; challenge?: string; type?: "webauthn.create" | "webauthn.get" } = {}) {
  const rpId = overrides.rpId ?? options.rp.id ?? new URL(origin).hostname;
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, "base64url"))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, "base64url"))],
  ]);
  const credentialId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const authData = Buffer.concat([
    sha256(rpId),
    Buffer.from([FLAG_UP | FLAG_UV | FLAG_BE | FLAG_BS | FLAG_AT]),
    u32(0),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    credentialId,
    Buffer.from(isoCBOR.encode(cose)),
  ]);
  const attestationObject = isoCBOR.encode(new Map<string, unknown>([["fmt", "none"], ["attStmt", new Map()], ["authData", new Uint8Array(authData)]]) as never);
  const response = {
    id: b64(credentialId),
    rawId: b64(credentialId),
    type: "public-key" as const,
    authenticatorAttachment: "platform" as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64(clientData(overrides.type ?? "webauthn.create", overrides.challenge ?? options.challenge, origin)),
      attestationObject: b64(attestationObject),
      transports: ["internal", "hybrid"],
    },
  };
  const passkey: SoftPasskey = { credentialId, privateKey, rpId, userHandle: options.user.id, counter: 0 };
  return { response, passkey };
}

/**
 * Signs in with `passkey` for `options` (from POST /api/passkeys/sign-in-options): the assertion's JSON
 * as the login page sends it. `counter` is the authenticator's signature counter (0: it does not count).
 */
export function assert(
  passkey: SoftPasskey,
  options: RequestOptions,
  origin: string,
  overrides: { counter?: number; challenge?: string; userHandle?: string | null; signWith?: KeyObject; rpId?: string } = {},
) {
  const counter = overrides.counter ?? passkey.counter;
  const authData = Buffer.concat([sha256(overrides.rpId ?? passkey.rpId), Buffer.from([FLAG_UP | FLAG_UV | FLAG_BE | FLAG_BS]), u32(counter)]);
  const clientDataJSON = clientData("webauthn.get", overrides.challenge ?? options.challenge, origin);
  const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), overrides.signWith ?? passkey.privateKey);
  const userHandle = overrides.userHandle === undefined ? passkey.userHandle : overrides.userHandle;
  return {
    id: b64(passkey.credentialId),
    rawId: b64(passkey.credentialId),
    type: "public-key" as const,
    authenticatorAttachment: "platform" as const,
    clientExtensionResults: {},
    response: {
      clientDataJSON: b64(clientDataJSON),
      authenticatorData: b64(authData),
      signature: b64(signature),
      ...(userHandle !== null && { userHandle }),
    },
  };
}

/** A challenge no server handed out. */
export const forgedChallenge = () => b64(randomBytes(32));
