import "server-only";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { cursorPage, exactTime, newerThan, readCursor } from "@/lib/api/cursor";
import { DELETED_ACCOUNT_LABEL } from "@/lib/accounts/account";
import { getDb } from "@/lib/db";
import { users, votes } from "@/models";
import type { V1Voter } from "./schemas";

// A survey's voters through /api/v1, for its owner (the caller has checked the survey is theirs):
// what the dashboard's voters list shows (name, address, vote, comment, when) and nothing more, in the
// order they voted, a page at a time by keyset over votes_survey_created_idx (survey_id, created_at,
// id). A voter who votes meanwhile is added at the end, so paging on never repeats or skips anyone.
// Voided votes (a suspended account's) are left out, as everywhere; a deleted account is a name only.

/** One page of the voters of `surveyId` after `cursor`, in voting order. */
export async function listVotersPage(surveyId: string, query: { cursor?: string; limit: number }): Promise<{ data: V1Voter[]; nextCursor: string | null }> {
  const cursor = readCursor(query.cursor);
  const db = await getDb();
  const rows = await db
    .select({
      id: votes.id,
      name: sql<string | null>`case when ${users.deletedAt} is null then ${users.name} else ${DELETED_ACCOUNT_LABEL} end`,
      email: sql<string | null>`case when ${users.deletedAt} is null then ${users.email} end`,
      vote: votes.vote,
      comment: votes.comment,
      createdAt: votes.createdAt,
      exact: exactTime(votes.createdAt),
    })
    .from(votes)
    .innerJoin(users, eq(users.id, votes.userId))
    .where(and(eq(votes.surveyId, surveyId), isNull(votes.voidedAt), cursor ? newerThan(votes, cursor) : undefined))
    .orderBy(asc(votes.createdAt), asc(votes.id))
    .limit(query.limit + 1);
  const { data, nextCursor } = cursorPage(rows, query.limit, (row) => row.exact);
  return {
    data: data.map((row) => ({ name: row.name, email: row.email, vote: row.vote, comment: row.comment, votedAt: row.createdAt.toISOString() })),
    nextCursor,
  };
}
