import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, createdAtColumn, belongsTo } from "./columns";
import { sql } from "drizzle-orm";
import { voteValueEnum } from "./enums";
import { surveys } from "./surveys";
import { users } from "./users";

export const votes = pgTable(
  "votes",
  {
    id: idColumn(),
    surveyId: belongsTo("survey_id", () => surveys.id),
    userId: belongsTo("user_id", () => users.id),
    vote: voteValueEnum("vote").notNull(),
    // pro_user only; enforced by the service, bounded here.
    comment: text("comment"),
    // "Email me the result when this survey closes", ticked when voting.
    notifyResult: boolean("notify_result").notNull().default(false),
    createdAt: createdAtColumn(),
    // A keyed hash of the voter's network when voting (lib/integrity/network-hash.ts), never the address.
    network: text("network"),
    // Set when an admin voided the votes of a suspended account (lib/moderation/suspension.ts): the row
    // stays (so the account cannot vote again) but counts nowhere; the reason is in the audit trail.
    voidedAt: timestamp("voided_at", { withTimezone: true, mode: "date" }),
    // A keyed hash of the voter's normalised address when voting (lib/votes/mailbox.ts), never the address:
    // kept when the account is deleted, so one mailbox votes once per survey. Null for votes cast
    // before it existed (migration 0014_mailbox_votes) and for bulk-loaded benchmark data.
    mailboxHash: text("mailbox_hash"),
  },
  // These constraints are what make "one vote per person" and "one vote per mailbox" true under any
  // concurrency (several nulls never conflict).
  (t) => [
    uniqueIndex("votes_survey_user_unique").on(t.surveyId, t.userId),
    uniqueIndex("votes_survey_mailbox_unique").on(t.surveyId, t.mailboxHash),
    index("votes_user_idx").on(t.userId),
    // A survey's voters in voting order (the paged list and the CSV keyset) and its votes per day.
    index("votes_survey_created_idx").on(t.surveyId, t.createdAt, t.id),
    // Who asked for a survey's result by mail (the close job reads only them).
    index("votes_survey_notify_idx").on(t.surveyId).where(sql`${t.notifyResult}`),
    // A suspended account's votes still to void, or voided ones to restore.
    index("votes_user_voided_idx").on(t.userId).where(sql`${t.voidedAt} is not null`),
  ],
);

export type Vote = typeof votes.$inferSelect;

/**
 * A survey's votes per quarter of an hour (UTC), kept by a trigger on votes (migration
 * 0011_scale_indexes) in the transaction of each vote: the votes-over-time chart adds up at most 96
 * rows a day in the site's time zone (every zone's offset is a whole number of quarter hours) instead
 * of reading every vote, so a survey with 100,000 voters draws as fast as one with 40.
 */
export const surveyVoteBuckets = pgTable(
  "survey_vote_buckets",
  {
    surveyId: belongsTo("survey_id", () => surveys.id),
    bucket: timestamp("bucket", { withTimezone: true, mode: "date" }).notNull(),
    yes: integer("yes").notNull().default(0),
    no: integer("no").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.surveyId, t.bucket] })],
);

/**
 * A survey's integrity figures over its counted votes (voided ones left out), kept by triggers
 * (migration 0013_integrity_counters) in the transaction of each vote, void, restore and deletion, and
 * of each change to a voter's account creation time or verified state: the integrity panel reads this
 * one row instead of joining every vote to its voter. Account age is the vote's time minus the
 * account's creation; verified is the account's state now, as the panel always counted it.
 */
export const surveyIntegrity = pgTable("survey_integrity", {
  surveyId: uuid("survey_id")
    .primaryKey()
    .references(() => surveys.id, { onDelete: "cascade" }),
  votes: integer("votes").notNull().default(0),
  verified: integer("verified").notNull().default(0),
  under1Day: integer("under_1_day").notNull().default(0),
  days1To7: integer("days_1_to_7").notNull().default(0),
  days7To30: integer("days_7_to_30").notNull().default(0),
  older: integer("older").notNull().default(0),
});

/**
 * A survey's counted votes per sign-up network of their voters (users.signup_network), kept by the
 * same triggers. The partial index holds only the networks the panel calls shared (at least
 * SHARED_NETWORK_MIN_SIGNUPS votes, lib/integrity/integrity-query.mjs: the two must agree), so the panel
 * reads a handful of rows whatever the number of votes.
 */
export const surveySignupNetworks = pgTable(
  "survey_signup_networks",
  {
    surveyId: belongsTo("survey_id", () => surveys.id),
    network: text("network").notNull(),
    votes: integer("votes").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.surveyId, t.network] }),
    index("survey_signup_networks_shared_idx").on(t.surveyId, t.votes).where(sql`${t.votes} >= 5`),
  ],
);
