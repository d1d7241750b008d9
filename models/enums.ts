import { pgEnum } from "drizzle-orm/pg-core";

export const ROLES = ["admin", "user", "surveyor", "pro_user"] as const;
export const CATEGORIES = ["Technology", "Education", "Health", "Entertainment", "Other"] as const;
export const SURVEY_STATUSES = ["publish", "unpublish"] as const;
export const VOTE_VALUES = ["yes", "no"] as const;
/** Who sees a survey's counts while it is open: "after_voting" (the original's behaviour), or nobody but
 * its surveyor and admins until the deadline has passed ("after_deadline", against herding). */
export const RESULTS_VISIBILITIES = ["after_voting", "after_deadline"] as const;

export type Role = (typeof ROLES)[number];
export type Category = (typeof CATEGORIES)[number];
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];
export type VoteValue = (typeof VOTE_VALUES)[number];
export type ResultsVisibility = (typeof RESULTS_VISIBILITIES)[number];

export const roleEnum = pgEnum("role", ROLES);
export const categoryEnum = pgEnum("category", CATEGORIES);
export const surveyStatusEnum = pgEnum("survey_status", SURVEY_STATUSES);
export const voteValueEnum = pgEnum("vote_value", VOTE_VALUES);
export const resultsVisibilityEnum = pgEnum("results_visibility", RESULTS_VISIBILITIES);
