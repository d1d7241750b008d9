import { z } from "@/lib/validation/zod";
import { noControlCharacters, requiredText } from "@/lib/validation/text";

// One schema for the contact form and POST /api/contact. Limits keep one message readable and
// bound what a single request can store.
export const CONTACT_NAME_MAX = 100;
export const CONTACT_EMAIL_MAX = 254;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;

export const contactSchema = z.object({
  name: requiredText("Name", CONTACT_NAME_MAX, { notText: "Name is required", empty: "Name is required", tooLong: `Name must be at most ${CONTACT_NAME_MAX} characters` }),
  email: noControlCharacters(
    z
      .string({ error: "Email is required" })
      .trim()
      .min(1, "Email is required")
      .max(CONTACT_EMAIL_MAX, "Email is too long")
      .regex(/^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u, "Invalid email address"),
    "Email",
  ),
  message: noControlCharacters(
    z
      .string({ error: "Message is required" })
      .trim()
      .min(1, "Message is required")
      .min(CONTACT_MESSAGE_MIN, `Message must be at least ${CONTACT_MESSAGE_MIN} characters`)
      .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
    "Message",
    { multiLine: true },
  ),
});
export type ContactInput = z.infer<typeof contactSchema>;
