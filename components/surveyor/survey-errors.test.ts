// Every message the survey schema can give a surveyor has its text in each language, and the English
// one is the schema's own sentence, character for character; the routes' refusals likewise.
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { RequestError } from "@/lib/api/client";
import type { Locale } from "@/lib/i18n/types";
import { loadMessages } from "@/lib/i18n/messages";
import { REVIEW_ALREADY_REQUESTED } from "@/lib/surveys/review-schema";
import { SURVEY_FIELDS, SURVEY_LIMITS, surveyFormSchema, type SurveyField } from "@/lib/surveys/schema";
import { loadErrorText, refusalText, surveyFieldError, type SurveyorTranslator } from "./survey-errors";

const translator = async (locale: Locale) => createTranslator({ locale, messages: await loadMessages(locale), namespace: "surveyor" }) as unknown as SurveyorTranslator;

const valid = {
  title: "A title",
  description: "A description",
  category: "Technology",
  deadline: "2030-01-01",
  questionTitle: "A question?",
  questionDescription: "Yes or no.",
  resultsVisibility: "after_voting",
};
// Each way a field can be wrong (the deadline may never be "too far away": a real day ends in 9999).
const wrong: Record<SurveyField, unknown[]> = {
  title: [undefined, " ", "x".repeat(SURVEY_LIMITS.title + 1), "a\u0007b"],
  description: [undefined, "", "x".repeat(SURVEY_LIMITS.description + 1), "a\u202eb"],
  category: [undefined, "", "Sports"],
  deadline: [undefined, "", "tomorrow", "2027-02-30", "2020-01-01"],
  questionTitle: [undefined, "", "x".repeat(SURVEY_LIMITS.questionTitle + 1), "a\u001bb"],
  questionDescription: [undefined, "", "x".repeat(SURVEY_LIMITS.questionDescription + 1), "a\u0007b"],
  resultsVisibility: ["never"],
};

function schemaMessages(): { field: SurveyField; message: string }[] {
  const schema = surveyFormSchema("2026-01-01");
  return SURVEY_FIELDS.flatMap((field) =>
    wrong[field].map((value) => {
      const result = schema.safeParse({ ...valid, [field]: value });
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      if (!issue) throw new Error(`${field} accepted ${String(value)}`);
      return { field, message: issue.message };
    }),
  );
}

describe("survey form messages", () => {
  it("are the schema's own sentences in English", async () => {
    const t = await translator("en");
    const messages = schemaMessages();
    expect(messages.length).toBeGreaterThan(20);
    for (const { field, message } of messages) expect(surveyFieldError(field, message, t)).toBe(message);
  });

  it.each(["es", "de"] as const)("are all translated in %s", async (locale) => {
    const t = await translator(locale);
    for (const { field, message } of schemaMessages()) expect(surveyFieldError(field, message, t), message).not.toBe(message);
  });

  it("say a length limit with its number", async () => {
    expect(surveyFieldError("description", `Description can be at most ${SURVEY_LIMITS.description} characters`, await translator("es"))).toBe(
      "La descripción puede tener como máximo 2000 caracteres",
    );
  });
});

describe("refusals", () => {
  it("keep the server's English on an English page", async () => {
    const t = await translator("en");
    expect(refusalText(new RequestError(409, REVIEW_ALREADY_REQUESTED), t, "en")).toBe(REVIEW_ALREADY_REQUESTED);
    expect(refusalText(new RequestError(429, "Too many review requests. Try again in 12 minutes."), t, "en")).toBe("Too many review requests. Try again in 12 minutes.");
    expect(loadErrorText("No such survey", t)).toBe("No such survey");
  });

  it("are said in the page's language: a known one as itself, a field's as the field's, another by its status", async () => {
    const es = await translator("es");
    expect(refusalText(new RequestError(409, REVIEW_ALREADY_REQUESTED), es, "es")).toBe("Ya se ha pedido una revisión");
    expect(refusalText(new RequestError(429, "Too many review requests. Try again in 12 minutes."), es, "es")).toBe("Demasiados intentos. Espera un poco y vuelve a intentarlo.");
    const deadline = new RequestError(400, "The deadline cannot be before today", [{ path: "deadline", message: "The deadline cannot be before today" }]);
    expect(refusalText(deadline, es, "es")).toBe("La fecha límite no puede ser anterior a hoy");
    expect(loadErrorText("You can only manage your own surveys", await translator("de"))).toBe("Du kannst nur deine eigenen Umfragen verwalten");
  });
});
