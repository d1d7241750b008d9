import { z } from "@/lib/validation/zod";
import { isRealDay } from "@/lib/dates";
import { CATEGORIES, RESULTS_VISIBILITIES } from "@/models/enums";
import { pageNumberSchema } from "@/lib/validation/paging";
import { noControlCharacters } from "@/lib/validation/text";
import { API_PAGE_LIMIT_MAX } from "./list-schema";

// The create and update survey form and the two routes behind it (POST /api/create_survey,
// PUT /api/updateDocument/{id}) share this one schema. It also runs in the browser, so it never
// reads the server's configuration: the earliest allowed deadline ("today" in APP_TIME_ZONE, from
// the server) is passed in.

export const SURVEY_LIMITS = {
  title: 120,
  description: 2000,
  questionTitle: 200,
  questionDescription: 500,
} as const;

export const DEADLINE_IN_PAST = "The deadline cannot be before today";

// Multi-line fields keep line breaks and tabs but no other control characters (lib/validation/text.ts).
function text(label: string, max: number, multiLine: boolean) {
  return noControlCharacters(
    z
      .string({ error: `${label} is required` })
      .trim()
      .min(1, { error: `${label} is required`, abort: true })
      .max(max, `${label} can be at most ${max} characters`),
    label,
    { multiLine },
  );
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The fields of a survey: the six the spec requires, and who sees the results while it is open.
 * `minDeadline` is the earliest allowed deadline: today in the site's time zone (for an update, the
 * survey's current deadline is also kept if it is earlier, so an expired survey's text can still be
 * corrected).
 */
export function surveyFormSchema(minDeadline: string) {
  return z.strictObject(
    {
      title: text("Title", SURVEY_LIMITS.title, false),
      description: text("Description", SURVEY_LIMITS.description, true),
      category: z.enum(CATEGORIES, {
        error: (issue) =>
          issue.input === undefined || issue.input === "" ? "Category is required" : `Category must be one of ${CATEGORIES.join(", ")}`,
      }),
      deadline: z
        .string({ error: "Deadline is required" })
        .trim()
        .min(1, { error: "Deadline is required", abort: true })
        .regex(ISO_DAY, { error: "Deadline must be a date (YYYY-MM-DD)", abort: true })
        .refine(isRealDay, { error: "Deadline must be a real date", abort: true })
        .refine((v) => v >= minDeadline, DEADLINE_IN_PAST)
        .refine((v) => v <= "9999-12-31", "Deadline is too far away"),
      questionTitle: text("Question title", SURVEY_LIMITS.questionTitle, false),
      questionDescription: text("Question description", SURVEY_LIMITS.questionDescription, true),
      // Optional: a new survey starts "after_voting"; an update that leaves it out keeps the survey's.
      resultsVisibility: z
        .enum(RESULTS_VISIBILITIES, { error: `resultsVisibility must be one of ${RESULTS_VISIBILITIES.join(", ")}` })
        .optional(),
    },
    { error: (issue) => (issue.code === "unrecognized_keys" ? `Unknown field: ${issue.keys.join(", ")}` : undefined) },
  );
}

export type SurveyFormInput = z.infer<ReturnType<typeof surveyFormSchema>>;
export type SurveyField = keyof SurveyFormInput;

/**
 * The fields a surveyor writes, in the form's order, read off the schema: the one list that the
 * writes, the public reads, the JSON answers and the exports of a survey's own fields follow, so a
 * field added to the schema (and the model) is carried everywhere without being named again.
 */
export const SURVEY_FIELDS = Object.keys(surveyFormSchema("0001-01-01").shape) as readonly SurveyField[];

/** Every written field of a stored survey, and nothing else (for its JSON answer). */
export function surveyFieldValues<T extends Required<SurveyFormInput>>(survey: T): Required<SurveyFormInput> {
  return Object.fromEntries(SURVEY_FIELDS.map((f) => [f, survey[f]])) as Required<SurveyFormInput>;
}

/** The written fields of `values`, leaving out those not sent (an optional field keeps its value on update). */
export function surveyFieldsOf<T extends Partial<Record<SurveyField, unknown>>>(values: T): Partial<Pick<T, SurveyField & keyof T>> {
  return Object.fromEntries(SURVEY_FIELDS.filter((f) => values[f] !== undefined).map((f) => [f, values[f]])) as Partial<Pick<T, SurveyField & keyof T>>;
}

/**
 * POST /api/create_survey: the form, plus the original client's `surveyorEmail`, which may only name
 * the caller (the owner always comes from the session).
 */
export function createSurveyBodySchema(minDeadline: string) {
  return surveyFormSchema(minDeadline).extend({ surveyorEmail: z.string().trim().max(254).optional() });
}

/** The earliest deadline an update may keep: today, or the survey's current deadline if earlier. */
export const minDeadlineForUpdate = (today: string, current: string) => (current < today ? current : today);

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`;

/** `?page=&limit=` of the surveyor's API lists (voters, feedbacks). */
export const apiPageQuerySchema = z.object({
  page: pageNumberSchema.default(1),
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(API_PAGE_LIMIT_MAX, LIMIT_MESSAGE)
    .default(API_PAGE_LIMIT_MAX)
    .meta({ description: "Rows per page" }),
});
