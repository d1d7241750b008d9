// Every free-text field refuses C0/C1 control characters and bidirectional
// overrides/isolates (one helper, lib/validation/text.ts), one check per field.
import { describe, expect, it } from "vitest";
import { unpublishFeedbackSchema, updateSurveyStatusSchema, userSearchSchema } from "@/lib/moderation/schema";
import { registerSchema } from "@/lib/accounts/auth-schema";
import { contactSchema } from "@/lib/contact/schema";
import { surveyFormSchema } from "@/lib/surveys/schema";
import { hasForbiddenCharacters } from "./text";
import { voteBodySchema } from "@/lib/votes/schema";

const BAD = { ESC: "\u001b[31m", BEL: "\u0007", NUL: "\u0000", DEL: "\u007f", "C1 NEL": "\u0085", "C1 CSI": "\u009b", RLO: "\u202e", LRE: "\u202a", RLI: "\u2067", PDI: "\u2069" };
const survey = { title: "A fine title", description: "A description.", category: "Technology", deadline: "2999-01-01", questionTitle: "Question?", questionDescription: "Yes or no?" };

// Each field: a valid whole input, and how to put `text` into the field.
const fields: [string, (text: string) => { success: boolean }][] = [
  ["register name", (t) => registerSchema.safeParse({ name: `Ann ${t}`, email: "a@example.test", password: "long enough" })],
  ["contact name", (t) => contactSchema.safeParse({ name: `Ann ${t}`, email: "a@example.test", message: "A message long enough." })],
  ["contact message", (t) => contactSchema.safeParse({ name: "Ann", email: "a@example.test", message: `A message long enough ${t}` })],
  ["vote comment", (t) => voteBodySchema.safeParse({ vote: "yes", comment: `Nice ${t} survey` })],
  ["survey title", (t) => surveyFormSchema("2000-01-01").safeParse({ ...survey, title: `Title ${t}` })],
  ["survey description", (t) => surveyFormSchema("2000-01-01").safeParse({ ...survey, description: `Text ${t}` })],
  ["survey question title", (t) => surveyFormSchema("2000-01-01").safeParse({ ...survey, questionTitle: `Q ${t}` })],
  ["survey question description", (t) => surveyFormSchema("2000-01-01").safeParse({ ...survey, questionDescription: `D ${t}` })],
  ["admin feedback (status update)", (t) => updateSurveyStatusSchema.safeParse({ id: "00000000-0000-4000-8000-000000000000", status: "unpublish", feedbackMessage: `Fix ${t}` })],
  ["admin feedback (dialog)", (t) => unpublishFeedbackSchema.safeParse({ feedbackMessage: `Fix ${t}` })],
  ["admin user search", (t) => userSearchSchema.safeParse(`ann${t}`)],
];

describe("free text refuses control characters and direction overrides", () => {
  for (const [field, parse] of fields) {
    it(`${field}: refuses ${Object.keys(BAD).join(", ")}; accepts plain and accented text`, () => {
      for (const [name, char] of Object.entries(BAD)) expect(parse(char).success, `${field} with ${name}`).toBe(false);
      expect(parse("ok — déjà vu, 日本語, שלום").success, field).toBe(true);
    });
  }

  it("emails (contact form, registration) refuse them too", () => {
    for (const char of Object.values(BAD)) {
      expect(contactSchema.safeParse({ name: "Ann", email: `a${char}b@example.test`, message: "A message long enough." }).success).toBe(false);
      expect(registerSchema.safeParse({ name: "Ann", email: `a${char}b@example.test`, password: "long enough" }).success).toBe(false);
    }
  });

  it("multi-line fields keep line breaks and tabs; single-line fields do not", () => {
    expect(contactSchema.safeParse({ name: "Ann", email: "a@example.test", message: "Line one\r\nLine two\tend" }).success).toBe(true);
    expect(voteBodySchema.safeParse({ vote: "no", comment: "one\ntwo" }).success).toBe(true);
    expect(surveyFormSchema("2000-01-01").safeParse({ ...survey, description: "a\nb" }).success).toBe(true);
    expect(surveyFormSchema("2000-01-01").safeParse({ ...survey, title: "a\nb" }).success).toBe(false);
    expect(hasForbiddenCharacters("a\tb")).toBe(true);
    expect(hasForbiddenCharacters("a\tb", true)).toBe(false);
  });
});
