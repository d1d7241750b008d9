import { LOCALES } from "@/lib/i18n/locales.mjs";
import { registerSchema } from "./auth-schema";
import { z } from "@/lib/validation/zod";

// An account's language (`users.locale`): the one its mail is written in. Given with the registration
// (the page's language) and changed by PATCH /api/me (the footer's switcher, the account page).

export const UNKNOWN_LOCALE = "Unknown language: one of en, es, de";

export const localeSchema = z.enum(LOCALES, { error: UNKNOWN_LOCALE }).meta({ description: "A language: `en` (English), `es` (Spanish) or `de` (German)" });

/** PATCH /api/me: a new name (as registration checks it), a new language, or both. */
export const updateMeSchema = z
  .object({
    name: registerSchema.shape.name.optional(),
    locale: localeSchema.optional().meta({ description: "The account's language: its mail is written in it" }),
  })
  .strict()
  .refine((v) => v.name !== undefined || v.locale !== undefined, { message: "Send a name, a language or both" });
export type UpdateMeInput = z.infer<typeof updateMeSchema>;
