// The API's refusals of a vote or a report as the page says them: in English the API's own words, in
// Spanish and German the known ones translated and the others by their kind.
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { RequestError } from "@/lib/api/client";
import { EMAIL_UNVERIFIED_MESSAGE } from "@/lib/accounts/email-links-schema";
import { MAILBOX_ALREADY_VOTED } from "@/lib/votes/votes";
import de from "@/messages/survey/de.json";
import en from "@/messages/survey/en.json";
import es from "@/messages/survey/es.json";
import { KNOWN_REFUSALS, requestErrorText } from "./request-error-text";

const errors = (locale: "en" | "es" | "de") => createTranslator({ locale, messages: { survey: { en, es, de }[locale] as typeof en }, namespace: "survey.errors" });

describe("requestErrorText", () => {
  it("knows the API's refusals by their English words, which are the English messages", () => {
    for (const [message, key] of Object.entries(KNOWN_REFUSALS)) expect(en.errors[key]).toBe(message);
    expect(KNOWN_REFUSALS[MAILBOX_ALREADY_VOTED]).toBe("mailboxVoted");
    expect(KNOWN_REFUSALS[EMAIL_UNVERIFIED_MESSAGE]).toBe("verifyToVote");
  });

  it("says a refusal in English as the API does, and in another language in that language", () => {
    const conflict = new RequestError(409, "You have already voted on this survey");
    expect(requestErrorText(conflict, errors("en"), "en")).toBe("You have already voted on this survey");
    expect(requestErrorText(conflict, errors("de"), "de")).toBe("Du hast bei dieser Umfrage bereits abgestimmt");
    // A message the page does not know: the API's in English, its kind elsewhere.
    const limited = new RequestError(429, "Too many votes from this account. Try again in 30 seconds.");
    expect(requestErrorText(limited, errors("en"), "en")).toBe(limited.message);
    expect(requestErrorText(limited, errors("es"), "es")).toBe("Demasiados intentos. Espera un momento y vuelve a intentarlo.");
    expect(requestErrorText(new RequestError(500, "Something went wrong on our side"), errors("es"), "es")).toBe("Algo ha salido mal");
    expect(requestErrorText("not an error", errors("en"), "en")).toBe("Something went wrong");
  });
});
