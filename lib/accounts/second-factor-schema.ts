import { PASSWORD_MAX } from "./auth-schema";
import { ASSERTION_MAX, authenticationResponseSchema } from "./passkey-schema";
import { z } from "@/lib/validation/zod";

// A second factor (authenticator apps, recovery codes, passkeys asked again): what the account page's
// forms and the /api/me/second-factor routes accept and answer. Shared with the browser, so no server
// imports. What a code proves is checked by lib/accounts/second-factor.ts.

/** How many recovery codes an account holds at a time. */
export const RECOVERY_CODES_COUNT = 10;
/** A code as an authenticator app shows it: six digits. */
export const TOTP_DIGITS = 6;
/** The longest code field: a recovery code with its dash and a few stray spaces, or a code with spaces. */
const CODE_MAX = 32;

export const WRONG_CODE = "That code did not match. Check the time on your phone and try the newest code.";

/** A six-digit code (spaces between the digits, as some apps show them, are fine). */
export const totpCodeSchema = z
  .string({ error: `Enter the ${TOTP_DIGITS}-digit code from your app` })
  .max(CODE_MAX, `Enter the ${TOTP_DIGITS}-digit code from your app`)
  .transform((v) => v.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, `Enter the ${TOTP_DIGITS}-digit code from your app`));

/** A code from the app or a recovery code (`xxxxx-xxxxx`, any case, with or without the dash). */
export const secondFactorCodeSchema = z
  .string({ error: "Enter a code from your app or a recovery code" })
  .trim()
  .min(1, "Enter a code from your app or a recovery code")
  .max(CODE_MAX, "That code did not match");

/** POST /api/me/second-factor/totp/confirm: the first code the app shows. */
export const confirmTotpSchema = z.object({ code: totpCodeSchema }).strict();

/**
 * DELETE /api/me/second-factor/totp: the password (an account without one, signed in with Google,
 * sends none) and a code from the app or a recovery code.
 */
export const disableTotpSchema = z
  .object({
    password: z.string({ error: "Your password is required" }).max(PASSWORD_MAX, "That password or code did not match").optional(),
    code: secondFactorCodeSchema,
  })
  .strict();

/** POST /api/me/second-factor/recovery-codes: a code, or none right after a second factor was proved. */
export const regenerateRecoveryCodesSchema = z.object({ code: secondFactorCodeSchema.optional() }).strict();

/** A passkey's assertion, as `startAuthentication()` answers it or as its JSON text. */
const assertionSchema = z.union([z.string().max(ASSERTION_MAX, "Not a passkey response"), authenticationResponseSchema]);

/** POST /api/me/second-factor/verify: a code, or a passkey's assertion for the options of passkey-options. */
export const verifySecondFactorSchema = z
  .object({ code: secondFactorCodeSchema.optional(), response: assertionSchema.optional() })
  .strict()
  .refine((v) => (v.code === undefined) !== (v.response === undefined), { path: ["code"], message: "Send a code or a passkey response" });
export type VerifySecondFactorInput = z.infer<typeof verifySecondFactorSchema>;

// ---- answers

const instant = z.iso.datetime();

export const totpEnrolmentSchema = z.object({
  secret: z.string().meta({ description: "The base32 secret, for typing into the app by hand (shown once: it is never answered again)" }),
  otpauthUrl: z.string().meta({ description: "otpauth://totp/… for a QR code" }),
});

export const recoveryCodesAnswerSchema = z.object({
  recoveryCodes: z.array(z.string()).meta({ description: `The ${RECOVERY_CODES_COUNT} new single-use codes, \`xxxxx-xxxxx\`: shown once, stored only hashed; the ones before stop working` }),
});

export const secondFactorProvedSchema = z.object({ secondFactorAt: instant.meta({ description: "When this session proved its second factor" }) });

/** GET /api/me's `secondFactor`. */
export const secondFactorStateSchema = z
  .object({
    enabled: z.boolean().meta({ description: "The account has an authenticator app or a passkey" }),
    required: z.boolean().meta({ description: "This site asks the account's role for one" }),
  })
  .meta({ description: "The caller's second factor" });
