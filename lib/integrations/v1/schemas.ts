import { CURSOR_LIMIT_MAX } from "@/lib/api/cursor";
import { cursorQuery } from "@/lib/api/cursor";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";
import { surveyFormSchema } from "@/lib/surveys/schema";
import { VERDICTS } from "@/lib/surveys/stats";
import { z } from "@/lib/validation/zod";
import { CATEGORIES, RESULTS_VISIBILITIES, SURVEY_STATUSES, VOTE_VALUES } from "@/models/enums";

// The shapes of /api/v1 (docs/integrations.md), in one place: what its routes accept and answer, and
// what the API reference publishes. Unlike the first implementation's calls (lib/api/contract.ts),
// these are this API's own: camelCase, `id`, ISO dates, lists as `{ data, nextCursor }`. A field may
// be added to an answer; none is renamed or removed while the version stands.

const instant = z.iso.datetime();
const count = z.int().min(0);
const day = z.iso.date().meta({ description: "A calendar date, YYYY-MM-DD, in the site's time zone" });

export const v1SurveyParamsSchema = surveyIdParamsSchema;

export const v1ListQuerySchema = z.object(cursorQuery);

export const v1SurveySchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    category: z.enum(CATEGORIES),
    deadline: day.meta({ description: "The last day of voting" }),
    questionTitle: z.string(),
    questionDescription: z.string(),
    resultsVisibility: z.enum(RESULTS_VISIBILITIES).meta({ description: "Who sees the counts while the survey is open" }),
    status: z.enum(SURVEY_STATUSES).meta({ description: "`publish`: on the public site; `unpublish`: withdrawn by its owner or an admin" }),
    closed: z.boolean().meta({ description: "Voting has ended (the deadline has passed)" }),
    yesCount: count,
    noCount: count,
    voidedCount: count.meta({ description: "Votes voided after review (accounts an admin suspended); not in the counts" }),
    feedback: z.string().nullable().meta({ description: "The admins' message, when they unpublished it" }),
    createdAt: instant,
  })
  .meta({ id: "V1Survey", description: "One of the caller's surveys." });
export type V1Survey = z.output<typeof v1SurveySchema>;

const page = <T extends z.ZodType>(item: T, what: string) =>
  z.object({
    data: z.array(item).meta({ description: `${what}, at most \`limit\` (${CURSOR_LIMIT_MAX} at most)` }),
    nextCursor: z.string().nullable().meta({ description: "Send as `cursor` for the next page; null on the last page" }),
  });

export const v1SurveyPageSchema = page(v1SurveySchema, "The caller's surveys, newest first").meta({ id: "V1SurveyPage" });

/** A new survey: the form of the site's own create page, with the same rules. */
export const v1CreateSurveySchema = surveyFormSchema("");

/** A change to a survey: any of the form's fields, at least one; the rest stay as they are. */
export const v1UpdateSurveySchema = surveyFormSchema("").partial();

export const v1StatsSchema = z
  .object({
    n: count.meta({ description: "Votes in all (yes + no)" }),
    share: z.number().min(0).max(1).nullable().meta({ description: "The share of yes votes, yes / n; null when nobody voted" }),
    interval: z
      .object({
        low: z.number().min(0).max(1),
        high: z.number().min(0).max(1),
        level: z.literal(0.95),
      })
      .meta({ description: "The 95% Wilson score interval of the yes share ([0, 1] when nobody voted)" }),
    verdict: z.enum(VERDICTS).meta({ description: "“Yes leads” or “No leads” when the whole interval is on that side of 50%, “Too close to call” when it contains 50%, “Too few votes to tell” below 10 votes" }),
    text: z.string().meta({ description: "The result in words, as the site shows it" }),
  })
  .meta({ id: "V1Stats" });

export const v1ResultsSchema = z
  .object({
    surveyId: z.uuid(),
    yesCount: count,
    noCount: count,
    voidedCount: count,
    closed: z.boolean(),
    stats: v1StatsSchema,
  })
  .meta({ id: "V1Results", description: "A survey's counts and what they say, for its owner (whatever the survey shows the public)." });

export const v1VoterSchema = z
  .object({
    name: z.string().nullable().meta({ description: "“Deleted account” for an account since deleted" }),
    email: z.string().nullable().meta({ description: "Null for an account since deleted" }),
    vote: z.enum(VOTE_VALUES),
    comment: z.string().nullable(),
    votedAt: instant,
  })
  .meta({ id: "V1Voter" });
export type V1Voter = z.output<typeof v1VoterSchema>;

export const v1VoterPageSchema = page(v1VoterSchema, "The survey's voters in the order they voted (voided votes left out)").meta({ id: "V1VoterPage" });
