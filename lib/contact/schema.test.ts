// The contact form checks what the API checks, saying it in the page's language: its English is the
// API's, word for word, and the API's English refusals are said again in the form's language.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import de from "@/messages/de";
import en from "@/messages/en";
import es from "@/messages/es";
import type { Messages } from "@/lib/i18n/messages";
import { CONTACT_ERRORS, contactErrorKey, contactErrorsIn, contactSchema, contactSchemaSaying } from "./schema";

const refusalsIn = (locale: "en" | "es" | "de", messages: object) => {
  const t = createTranslator({ locale, messages: messages as Messages, namespace: "legal.contactForm" });
  return contactErrorsIn((key, limit) => t(`errors.${key}`, { limit }));
};

const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe("the contact form's refusals", () => {
  it("in English are the API's, word for word", () => {
    expect(refusalsIn("en", en)).toEqual(CONTACT_ERRORS);
  });

  it("in Spanish and German are said with their limits", () => {
    const spanish = contactSchemaSaying(refusalsIn("es", es));
    expect(firstIssue(spanish.safeParse({ name: "Ann", email: "a@example.test", message: "short" }))).toBe("El mensaje debe tener al menos 10 caracteres");
    const german = contactSchemaSaying(refusalsIn("de", de));
    expect(firstIssue(german.safeParse({ name: "x".repeat(101), email: "a@example.test", message: "A message long enough." }))).toBe("Der Name darf höchstens 100 Zeichen lang sein");
    expect(firstIssue(german.safeParse({ name: "Ann", email: "nope", message: "A message long enough." }))).toBe("Ungültige E-Mail-Adresse");
  });

  it("an API refusal is found again by its English words, to be said in another language", () => {
    const message = firstIssue(contactSchema.safeParse({ name: "Ann", email: "a@example.test", message: "x".repeat(2001) }))!;
    const key = contactErrorKey(message);
    expect(key).toBe("messageTooLong");
    expect(refusalsIn("es", es)[key!]).toBe("El mensaje puede tener como máximo 2000 caracteres");
    expect(contactErrorKey("Something else")).toBeUndefined();
  });
});
