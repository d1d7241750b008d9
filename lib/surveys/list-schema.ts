import { z } from "@/lib/validation/zod";
import { normaliseSearch, SEARCH_MAX_LENGTH } from "@/lib/public-rewrites.mjs";
import { CATEGORIES } from "@/models/enums";

// The public survey list's query (`GET /api/all_surveys` and the /surveys page): one definition of
// the sort options, the category and open/closed filters, the search and the paging bounds.
export const SURVEY_SORTS = ["totalVotes", "createdAt"] as const;
export type SurveySort = (typeof SURVEY_SORTS)[number];
/** Open: published and its deadline not passed (voting runs through the deadline day); closed: past it. */
export const SURVEY_STATUS_FILTERS = ["open", "closed"] as const;
export type SurveyStatusFilter = (typeof SURVEY_STATUS_FILTERS)[number];
export { normaliseSearch, SEARCH_MAX_LENGTH };
/** A search typed longer than this is refused by the API (400); the list keeps its first SEARCH_MAX_LENGTH characters. */
export const SEARCH_INPUT_MAX = 500;

export const API_PAGE_LIMIT_MAX = 100;
export const LIST_PAGE_SIZE = 12;
// Deep offsets cost the database more than they are worth to a reader; past this, ask for newer data.
export const LIST_PAGE_MAX = 1000;

export const surveyListQuerySchema = z.object({
  sort: z
    .enum(SURVEY_SORTS, { error: "sort must be totalVotes or createdAt" })
    .default("totalVotes")
    .meta({ description: "Most votes first (`totalVotes`) or newest first (`createdAt`)" }),
  // "" is the "All" filter of the original client.
  category: z
    .union([z.literal(""), z.enum(CATEGORIES, { error: `category must be one of ${CATEGORIES.join(", ")}` })])
    .optional()
    .transform((v) => v || undefined)
    .meta({ description: "Only this category; empty or left out: every category" }),
  status: z
    .union([z.literal(""), z.enum(SURVEY_STATUS_FILTERS, { error: "status must be open or closed" })])
    .optional()
    .transform((v) => v || undefined)
    .meta({ description: "Only open surveys (deadline not passed) or closed ones; empty or left out: both" }),
  q: z
    .string()
    .max(SEARCH_INPUT_MAX, `q must be at most ${SEARCH_INPUT_MAX} characters`)
    .optional()
    .transform((v) => (v === undefined ? undefined : normaliseSearch(v) || undefined))
    .meta({
      description: `Words to find in the title, question and description (English stemming: "vote" finds "votes"; \`-word\` leaves out, \`or\` between words allows either). Lower-cased, only letters, digits and hyphens kept, the first ${SEARCH_MAX_LENGTH} characters; nothing left: no search`,
    }),
  page: z.coerce
    .number({ error: "page must be a whole number from 1" })
    .int("page must be a whole number from 1")
    .min(1, "page must be a whole number from 1")
    .max(LIST_PAGE_MAX, `page must be at most ${LIST_PAGE_MAX}`)
    .default(1)
    .meta({ description: "The page, from 1" }),
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}` })
    .int(`limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
    .min(1, `limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
    .max(API_PAGE_LIMIT_MAX, `limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
    .default(API_PAGE_LIMIT_MAX)
    .meta({ description: "Surveys per page" }),
});
export type SurveyListQuery = z.infer<typeof surveyListQuerySchema>;

/** Survey ids are UUIDs; anything else is answered 404 without touching the database. */
export const surveyIdParamsSchema = z.object({ id: z.uuid({ error: "No such survey" }).meta({ description: "The survey's id" }) });

/** GET /api/surveys/{email}: a surveyor's email (Next hands it over already decoded). */
export const surveyorEmailParamsSchema = z.object({
  email: z.email({ error: "No such surveyor" }).max(320).meta({ description: "The surveyor's email" }),
});
