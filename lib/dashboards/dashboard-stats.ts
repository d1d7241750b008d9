import "server-only";
import { and, count, eq, gte, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db";
import { readCount, readCountsByPrefix } from "@/lib/db/row-counts";
import { closedSql } from "@/lib/site-dates";
import { payments, reports, surveys, votes } from "@/models";

// The figures a dashboard overview opens with. Each is one aggregate over an index (votes_user_idx,
// reports_user_idx, surveys_surveyor_created_idx, payments_created_idx) or a counter the database
// keeps (lib/db/row-counts.ts): the site-wide ones never count the whole site per request.

export type ParticipantStats = { voted: number; reports: number; comments: number };
export type SurveyorStats = { surveys: number; votes: number; open: number };
export type AdminStats = { users: number; awaitingReview: number; paymentsThisMonth: { count: number; totals: { currency: string; amount: number }[] } };

/** Surveys the person voted on, surveys they reported, and the votes they commented on. */
export async function participantStats(userId: string): Promise<ParticipantStats> {
  const db = await getDb();
  const [[voted], [reported]] = await Promise.all([
    db
      .select({ n: count(), comments: sql<number>`count(*) filter (where ${votes.comment} is not null and ${votes.comment} <> '')`.mapWith(Number) })
      .from(votes)
      .where(and(eq(votes.userId, userId), isNull(votes.voidedAt))),
    db.select({ n: count() }).from(reports).where(eq(reports.userId, userId)),
  ]);
  return { voted: voted?.n ?? 0, reports: reported?.n ?? 0, comments: voted?.comments ?? 0 };
}

/** A surveyor's surveys, the votes they received in all, and how many are still open (today in `timeZone`). */
export async function surveyorStats(surveyorId: string, timeZone: string): Promise<SurveyorStats> {
  const db = await getDb();
  const [row] = await db
    .select({
      surveys: count(),
      votes: sql<number>`coalesce(sum(${surveys.yesCount} + ${surveys.noCount}), 0)::bigint`.mapWith(Number),
      open: sql<number>`count(*) filter (where ${surveys.status} = 'publish' and not ${closedSql(surveys.deadline, timeZone)})`.mapWith(Number),
    })
    .from(surveys)
    .where(eq(surveys.surveyorId, surveyorId));
  return { surveys: row?.surveys ?? 0, votes: row?.votes ?? 0, open: row?.open ?? 0 };
}

/**
 * Accounts (not deleted ones), published surveys someone reported (waiting for an admin to look), and the payments
 * received since the start of this month in `timeZone` (refunded ones not counted), per currency.
 */
export async function adminStats(timeZone: string): Promise<AdminStats> {
  const db = await getDb();
  const monthStart = sql`(date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const [accounts, review, totals] = await Promise.all([
    // Deleted accounts are not accounts any more (Manage Users leaves them out too): the counters are per role of
    // accounts not deleted.
    readCountsByPrefix("users:"),
    readCount("surveys:reported:publish"),
    db
      .select({ currency: payments.currency, amount: sql<number>`coalesce(sum(${payments.amount}), 0)::bigint`.mapWith(Number), n: count() })
      .from(payments)
      .where(and(eq(payments.status, "succeeded"), gte(payments.createdAt, monthStart), isNotNull(payments.createdAt)))
      .groupBy(payments.currency),
  ]);
  return {
    users: accounts.reduce((sum, a) => sum + a.n, 0),
    awaitingReview: review,
    paymentsThisMonth: {
      count: totals.reduce((sum, t) => sum + t.n, 0),
      totals: totals.map((t) => ({ currency: t.currency, amount: t.amount })).sort((a, b) => b.amount - a.amount),
    },
  };
}
