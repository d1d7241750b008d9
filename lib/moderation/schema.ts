import { z } from "@/lib/validation/zod";
import { ROLES, SURVEY_STATUSES } from "@/models/enums";
import { pageNumberSchema } from "@/lib/validation/paging";
import { noControlCharacters, requiredText } from "@/lib/validation/text";
import { API_PAGE_LIMIT_MAX } from "@/lib/surveys/list-schema";

// The admin console's inputs: one definition for the pages (URL search params), the forms and the
// route handlers.

export const USER_SEARCH_MAX = 100;
export const FEEDBACK_MAX = 1000;

/** The notice, verbatim: the title and the text shown when an unpublish has no feedback. */
export const NOT_UPDATED_TITLE = "Not update!";
export const FEEDBACK_REQUIRED = "you have to must give a feedback to unpublish this survey";

const limit = z.coerce
  .number({ error: `limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}` })
  .int(`limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
  .min(1, `limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
  .max(API_PAGE_LIMIT_MAX, `limit must be a whole number from 1 to ${API_PAGE_LIMIT_MAX}`)
  .default(API_PAGE_LIMIT_MAX)
  .meta({ description: "Rows per page" });

export const pagedQuerySchema = z.object({ page: pageNumberSchema.default(1), limit });
export type PagedQuery = z.infer<typeof pagedQuerySchema>;

/** "" is the 'All Roles' choice of the filter. */
export const roleFilterSchema = z
  .union([z.literal(""), z.enum(ROLES, { error: `role must be one of ${ROLES.join(", ")}` })])
  .optional()
  .transform((v) => v || undefined)
  .meta({ description: "Only accounts of this role; empty or left out: every role" });

/** A prefix of an email or a name; blank means no search. */
export const userSearchSchema = noControlCharacters(
  z.string().trim().max(USER_SEARCH_MAX, `Search must be at most ${USER_SEARCH_MAX} characters`),
  "Search",
)
  .optional()
  .transform((v) => v || undefined)
  .meta({ description: "The start of an email or a name, case-insensitive" });

export const userListQuerySchema = pagedQuerySchema.extend({ role: roleFilterSchema, q: userSearchSchema });
export type UserListQuery = z.infer<typeof userListQuerySchema>;

export const surveyStatusSchema = z.enum(SURVEY_STATUSES, { error: "status must be publish or unpublish" });

export const updateSurveyStatusSchema = z.object({
  id: z.uuid({ error: "Unknown survey id" }),
  status: surveyStatusSchema,
  // Required (non-blank) to unpublish; the service answers 422 without it, so the client learns why.
  feedbackMessage: noControlCharacters(
    z.string({ error: "feedbackMessage must be text" }).max(FEEDBACK_MAX, `The message must be at most ${FEEDBACK_MAX} characters`),
    "The message",
    { multiLine: true },
  )
    .nullish()
    .transform((v) => v?.trim() || undefined),
});
export type UpdateSurveyStatusInput = z.input<typeof updateSurveyStatusSchema>;

/** The unpublish dialog: a feedback message, required. */
export const unpublishFeedbackSchema = z.object({
  feedbackMessage: noControlCharacters(
    z.string().trim().min(1, FEEDBACK_REQUIRED).max(FEEDBACK_MAX, `The message must be at most ${FEEDBACK_MAX} characters`),
    "The message",
    { multiLine: true },
  ),
});

/** An account's id in a path (`/api/users/{id}/…`): anything else is no account (404). */
export const userIdParamsSchema = z.object({ id: z.uuid({ error: "No such account" }) });

export const MODERATION_REASON_MAX = 500;

/** Why an admin suspends an account or voids its votes: kept in the audit trail. */
export const moderationReasonSchema = z.object({
  reason: requiredText(
    "The reason",
    MODERATION_REASON_MAX,
    { notText: "reason must be text", empty: "Give a reason", tooLong: `The reason must be at most ${MODERATION_REASON_MAX} characters` },
    { multiLine: true },
  ).meta({ description: `Why (1–${MODERATION_REASON_MAX} characters); kept in the audit trail` }),
});
export type ModerationReason = z.infer<typeof moderationReasonSchema>;

/**
 * What every admin action on one account reads (suspend, void its votes): the account in the path and,
 * for the action itself (`withReason`), the reason kept in the audit trail. Lifting and restoring take no body.
 */
export const accountModeration = { auth: "moderateAccounts", params: userIdParamsSchema } as const;
export const accountModerationWithReason = { ...accountModeration, body: moderationReasonSchema, maxBodyBytes: 8 * 1024 } as const;
