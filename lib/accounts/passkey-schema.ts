import { requiredText } from "@/lib/validation/text";
import { z } from "@/lib/validation/zod";

// Passkeys (WebAuthn): what the account page's forms and the routes accept and answer. Shared with the
// browser, so no server imports. The WebAuthn responses are checked for shape and size here; what they
// prove is checked by lib/accounts/passkeys.ts.

/** How many passkeys one account may hold. */
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 60;
/** The longest response a browser sends when adding a passkey, in bytes (attestation "none": about 1 KB). */
export const REGISTRATION_BODY_MAX = 32 * 1024;
/** The longest sign-in response (the JSON of an assertion: about 1 KB). */
export const ASSERTION_MAX = 8 * 1024;

export const passkeyNameSchema = requiredText("Name", PASSKEY_NAME_MAX, {
  notText: "Give the passkey a name",
  empty: "Give the passkey a name",
  tooLong: `A passkey's name is at most ${PASSKEY_NAME_MAX} characters`,
});

// base64url, as the browser encodes every binary field (padding tolerated).
const base64url = (max: number) =>
  z
    .string({ error: "Not a passkey response" })
    .min(1, "Not a passkey response")
    .max(max, "Not a passkey response")
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, "Not a passkey response");

// A credential id is at most 1,023 bytes (WebAuthn), 1,364 characters of base64url.
const credentialId = base64url(1400);
const common = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key", { error: "Not a passkey response" }),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults: z.looseObject({}).default({}),
};

/** What `startRegistration()` answers (RegistrationResponseJSON); unknown fields are dropped. */
export const registrationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(16 * 1024),
    authenticatorData: base64url(16 * 1024).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

/** What `startAuthentication()` answers (AuthenticationResponseJSON); unknown fields are dropped. */
export const authenticationResponseSchema = z.object({
  ...common,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(2048),
    userHandle: base64url(256).optional(),
  }),
});

/** POST /api/me/passkeys: the browser's response, and a name (one is given when left out). */
export const addPasskeySchema = z
  .object({
    response: registrationResponseSchema,
    name: passkeyNameSchema.optional(),
  })
  .strict();
export type AddPasskeyInput = z.infer<typeof addPasskeySchema>;

/** PATCH /api/me/passkeys/{id}. */
export const renamePasskeySchema = z.object({ name: passkeyNameSchema }).strict();

export const passkeyIdParamsSchema = z.object({ id: z.uuid({ error: "No such passkey" }) });

/** The options routes read no body: none, or an empty JSON object. */
export const noOptionsSchema = z.object({}).strict();

// ---- answers

const instant = z.iso.datetime();

export const passkeyJsonSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    createdAt: instant,
    lastUsedAt: instant.nullable().meta({ description: "The last sign-in with it; null before the first" }),
    deviceType: z.enum(["singleDevice", "multiDevice"]).meta({ description: "multiDevice: a synced passkey (a password manager's, a phone's cloud account)" }),
    backedUp: z.boolean(),
  })
  .meta({ id: "Passkey", description: "A passkey of the caller's account: never its public key." });
export type PasskeyJson = z.infer<typeof passkeyJsonSchema>;

export const passkeysAnswerSchema = z.object({
  passkeys: z.array(passkeyJsonSchema).meta({ description: "Oldest first" }),
  limit: z.int().meta({ description: "How many passkeys an account may hold" }),
});

export const passkeyAnswerSchema = z.object({ passkey: passkeyJsonSchema });

/** The options `startRegistration()` / `startAuthentication()` take (WebAuthn's JSON options). */
export const creationOptionsSchema = z
  .looseObject({ challenge: z.string(), rp: z.looseObject({ id: z.string().optional(), name: z.string() }), user: z.looseObject({}), pubKeyCredParams: z.array(z.looseObject({})) })
  .meta({ description: "PublicKeyCredentialCreationOptionsJSON: hand it to the browser's navigator.credentials.create()" });
export const requestOptionsSchema = z
  .looseObject({ challenge: z.string(), rpId: z.string().optional(), timeout: z.number().optional() })
  .meta({ description: "PublicKeyCredentialRequestOptionsJSON: hand it to the browser's navigator.credentials.get()" });
