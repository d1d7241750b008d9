import { z } from "./zod";
import { continueToSchema, registerSchema } from "@/lib/accounts/auth-schema";
import { contactSchema } from "@/lib/contact/schema";
import { forgotPasswordSchema } from "@/lib/accounts/email-links-schema";

// The proof-of-work field of registration, the contact form and forgot-password (checked by lib/altcha.ts).

/** The payload is refused unread beyond this many characters (a real one is about 700). */
export const ALTCHA_PAYLOAD_MAX = 4_096;

/** The refusals' messages, one per error code; the forms show them and reset the widget. */
export const ALTCHA_MESSAGES = {
  altcha_required: "Please confirm you are not a robot: tick the “I'm not a robot” box and wait for the tick.",
  altcha_invalid: "The robot check did not pass. Please tick the “I'm not a robot” box again.",
  altcha_expired: "The robot check expired. Please tick the “I'm not a robot” box again.",
  altcha_replayed: "This robot check was already used. Please tick the “I'm not a robot” box again.",
} as const;
export type AltchaCode = keyof typeof ALTCHA_MESSAGES;
export const isAltchaCode = (code: unknown): code is AltchaCode => typeof code === "string" && code in ALTCHA_MESSAGES;

/** The widget's payload. Optional here so that a missing one is answered `altcha_required`. */
export const altchaField = z
  .string({ error: ALTCHA_MESSAGES.altcha_invalid })
  .optional()
  .meta({
    description: `The ALTCHA widget's payload: base64 of \`{ challenge, solution }\` for a challenge from GET /api/altcha/challenge, solved (at most ${ALTCHA_PAYLOAD_MAX} characters). Each one is accepted once; without it the answer is 400 \`altcha_required\`.`,
  });

export const registerRequestSchema = registerSchema.extend({ altcha: altchaField, callbackUrl: continueToSchema });
export const contactRequestSchema = contactSchema.extend({ altcha: altchaField });
export const forgotPasswordRequestSchema = forgotPasswordSchema.extend({ altcha: altchaField });
