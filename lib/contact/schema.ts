import { z } from "@/lib/validation/zod";
import { forbiddenCharactersMessage, hasForbiddenCharacters } from "@/lib/validation/text";

// One schema for the contact form and POST /api/contact. Limits keep one message readable and
// bound what a single request can store.
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

/** What each refusal says: the API's words (English); the form says them in its language. */
export const CONTACT_ERRORS = {
  nameRequired: "Name is required",
  nameTooLong: `Name must be at most ${CONTACT_NAME_MAX} characters`,
  nameForbidden: forbiddenCharactersMessage("Name"),
  emailRequired: "Email is required",
  emailTooLong: "Email is too long",
  emailInvalid: "Invalid email address",
  emailForbidden: forbiddenCharactersMessage("Email"),
  messageRequired: "Message is required",
  messageTooShort: `Message must be at least ${CONTACT_MESSAGE_MIN} characters`,
  messageTooLong: `Message must be at most ${CONTACT_MESSAGE_MAX} characters`,
  messageForbidden: forbiddenCharactersMessage("Message"),
};
export type ContactErrorKey = keyof typeof CONTACT_ERRORS;
export type ContactErrors = Record<ContactErrorKey, string>;

/** The limit each refusal names, for a translation's `{limit}`. */
export const CONTACT_ERROR_LIMITS: Partial<Record<ContactErrorKey, number>> = {
  nameTooLong: CONTACT_NAME_MAX,
  messageTooShort: CONTACT_MESSAGE_MIN,
  messageTooLong: CONTACT_MESSAGE_MAX,
};

/** The refusals in another language: `say` gives a key's text, with the limit it names. */
export function contactErrorsIn(say: (key: ContactErrorKey, limit: number) => string): ContactErrors {
  const keys = Object.keys(CONTACT_ERRORS) as ContactErrorKey[];
  return Object.fromEntries(keys.map((key) => [key, say(key, CONTACT_ERROR_LIMITS[key] ?? 0)])) as ContactErrors;
}

/** The key of a refusal the API answered in English, to say it in the form's language; undefined for any other text. */
export function contactErrorKey(message: string): ContactErrorKey | undefined {
  return (Object.keys(CONTACT_ERRORS) as ContactErrorKey[]).find((key) => CONTACT_ERRORS[key] === message);
}

/** Refuses the characters free text may not hold (lib/validation/text.ts), saying `message`. */
function withoutControls(schema: z.ZodString, message: string, multiLine = false): z.ZodString {
  return schema.refine((v) => !hasForbiddenCharacters(v, multiLine), message) as z.ZodString;
}

/** The schema whose refusals say `errors`: the API's (English) below, the form's in its language. */
export function contactSchemaSaying(errors: ContactErrors) {
  return z.object({
    name: withoutControls(z.string({ error: errors.nameRequired }).trim().min(1, errors.nameRequired).max(CONTACT_NAME_MAX, errors.nameTooLong), errors.nameForbidden),
    email: withoutControls(
      z
        .string({ error: errors.emailRequired })
        .trim()
        .min(1, errors.emailRequired)
        .max(CONTACT_EMAIL_MAX, errors.emailTooLong)
        .regex(/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u, errors.emailInvalid),
      errors.emailForbidden,
    ),
    message: withoutControls(
      z
        .string({ error: errors.messageRequired })
        .trim()
        .min(1, errors.messageRequired)
        .min(CONTACT_MESSAGE_MIN, errors.messageTooShort)
        .max(CONTACT_MESSAGE_MAX, errors.messageTooLong),
      errors.messageForbidden,
      true,
    ),
  });
}

export const contactSchema = contactSchemaSaying(CONTACT_ERRORS);
export type ContactInput = z.infer<typeof contactSchema>;
