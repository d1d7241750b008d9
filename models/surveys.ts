import { sql } from "drizzle-orm";
import { check, customType, date, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, belongsTo } from "./columns";
import { categoryEnum, resultsVisibilityEnum, surveyStatusEnum } from "./enums";
import { users } from "./users";

/**
 * The text search configuration of the survey search (the generated column below and every query of
 * it must name the same one, or their words would be stemmed differently): English, the language of
 * the site and its surveys, so "vote" finds "votes" and "voting" and words like "the" are left out
 * (docs/performance.md, "Search and the open/closed filter").
 */
export const SURVEY_SEARCH_CONFIG = "english";

/** PostgreSQL's `tsvector`, which Drizzle has no column type for. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

export const surveys = pgTable(
  "surveys",
  {
    id: idColumn(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    category: categoryEnum("category").notNull(),
    // A calendar date: voting is open through the end of this day in APP_TIME_ZONE.
    deadline: date("deadline", { mode: "string" }).notNull(),
    createdAt: createdAtColumn(),
    questionTitle: text("question_title").notNull(),
    questionDescription: text("question_description").notNull(),
    status: surveyStatusEnum("status").notNull().default("publish"),
    feedback: text("feedback"),
    surveyorId: belongsTo("surveyor_id", () => users.id),
    // Kept equal to the vote rows, in the same transaction as each vote.
    yesCount: integer("yes_count").notNull().default(0),
    noCount: integer("no_count").notNull().default(0),
    // Votes voided after review (suspended accounts'): no longer in yes/no, shown on the public page.
    voidedCount: integer("voided_count").notNull().default(0),
    // Whether the public sees the counts while voting is open (lib/surveys/results-visibility.ts).
    resultsVisibility: resultsVisibilityEnum("results_visibility").notNull().default("after_voting"),
    // Set by the close job (lib/surveys/notifications.ts) in the transaction that queues the mails
    // of the survey's end: each closed survey is announced once, whichever server runs the job.
    closeNotifiedAt: timestamp("close_notified_at", { withTimezone: true, mode: "date" }),
    // An unpublished survey's surveyor asked the admins to review it again (after updating it); cleared
    // by the admin's next publish or unpublish.
    reviewRequestedAt: timestamp("review_requested_at", { withTimezone: true, mode: "date" }),
    // How many people reported it, kept by a trigger on reports (migration 0011_scale_indexes).
    reportCount: integer("report_count").notNull().default(0),
    // The words of the public search (`/surveys?q=`), kept by PostgreSQL from the written fields
    // (all four are not null); read only through the GIN index below (lib/surveys/queries.ts).
    searchVector: tsvector("search_vector")
      .notNull()
      .generatedAlwaysAs(
        sql.raw(
          `to_tsvector('${SURVEY_SEARCH_CONFIG}'::regconfig, "title" || ' ' || "question_title" || ' ' || "question_description" || ' ' || "description")`,
        ),
      ),
  },
  (t) => [
    check("surveys_counts_non_negative", sql`${t.yesCount} >= 0 and ${t.noCount} >= 0`),
    check("surveys_voided_non_negative", sql`${t.voidedCount} >= 0`),
    // The public list: one index per sort and filter, each exactly its ORDER BY (id last, the
    // tie-break), so any page of any view is read in index order without a sort (lib/surveys/queries.ts).
    // The two by votes also carry yes_count and no_count (INCLUDE, written in migration
    // 0011_scale_indexes; Drizzle cannot declare it), so a deep page's skipped rows are read from the
    // index alone.
    index("surveys_status_votes_idx").on(
      t.status,
      sql`(${t.yesCount} + ${t.noCount}) desc`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index("surveys_status_created_idx").on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("surveys_status_category_created_idx").on(t.status, t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index("surveys_status_category_votes_idx").on(
      t.status,
      t.category,
      sql`(${t.yesCount} + ${t.noCount}) desc`,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // A surveyor's own list, newest first (also serves the foreign key).
    // Ascending on purpose: read backwards it is exactly `created_at desc, id desc` (nulls first), which
    // `.desc()` columns (DESC NULLS LAST) do not match, so PostgreSQL would sort again.
    index("surveys_surveyor_created_idx").on(t.surveyorId, t.createdAt, t.id),
    // The admin's list of every survey, whatever its status, newest first (ascending, read backwards,
    // for the same reason as above).
    index("surveys_created_idx").on(t.createdAt, t.id),
    // A surveyor's Feedbacks page: only their surveys an admin wrote to them about, newest first
    // (ascending, read backwards, as surveys_surveyor_created_idx).
    index("surveys_surveyor_feedback_idx")
      .on(t.surveyorId, t.createdAt, t.id)
      .where(sql`${t.feedback} is not null and ${t.feedback} <> ''`),
    // Manage Surveys' "Reported only": most reported first, then newest; only reported surveys.
    index("surveys_reported_idx")
      .on(t.reportCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.reportCount} > 0`),
    // The public search: which surveys hold the words, whatever their number (migration 0020_survey_search).
    // Without GIN's pending list (`fastupdate`): every vote rewrites its survey's row, so the list would
    // always hold the latest votes' entries and every search would read all of it (up to 4 MB) first.
    index("surveys_search_idx").using("gin", t.searchVector).with({ fastupdate: false }),
    // The open/closed filter's count: published surveys by deadline, read from the index alone (a range
    // from today on, or up to yesterday), the category beside it.
    index("surveys_status_deadline_idx").on(t.status, t.deadline, t.category),
    // The close job's question: published surveys past their deadline not yet announced.
    index("surveys_close_pending_idx").on(t.deadline).where(sql`${t.status} = 'publish' and ${t.closeNotifiedAt} is null`),
  ],
);

export type Survey = typeof surveys.$inferSelect;
export type NewSurvey = typeof surveys.$inferInsert;
