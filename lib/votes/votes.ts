import "server-only";
import { mailConfigured } from "@/lib/mail/transport";
import { needsVerification, verificationRequired } from "@/lib/accounts/account-email";
import { EMAIL_UNVERIFIED_MESSAGE } from "@/lib/accounts/email-links-schema";
import { and, asc, desc, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { ApiError } from "@/lib/api/errors";
import { can } from "@/lib/auth/permissions";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { emit } from "@/lib/events";
import { queueVoteTotals, surveyFactColumns } from "@/lib/integrations/webhooks/queue";
import { log } from "@/lib/log";
import { reserve } from "@/lib/limits/apply";
import { mailboxHash } from "@/lib/votes/mailbox";
import { metrics } from "@/lib/metrics.mjs";
import { closedSql } from "@/lib/site-dates";
import { figureColumns, publishedSurvey } from "@/lib/surveys/queries";
import { resultsHidden, visibleCounts, type VisibleCounts } from "@/lib/surveys/results-visibility";
import { reports, surveys, users, votes, webhookEndpoints, type Category, type ResultsVisibility, type Role, type SurveyStatus, type VoteValue } from "@/models";

/**
 * A counted vote, with the survey's counts and their stats as the voter may see them: all null while
 * a survey that shows its results after the deadline is open (a vote always is on an open survey).
 */
export type VoteResult = { vote: VoteValue; comment: string | null } & VisibleCounts;

/**
 * Casts a person's one vote on a survey. The insert carries the published and deadline checks in the
 * same statement; the unique (survey_id, user_id) index refuses a second row from the account and the
 * unique (survey_id, mailbox_hash) index a second one from its mailbox (lib/votes/mailbox.ts: kept after the
 * account is deleted, so a new account on the same address, or a `+tag` of it, cannot vote again); and
 * the counter moves only when a row was written, in the same statement: the counters always equal the
 * rows. The hash is of `email`, the address the statement finds on the account: one that changed
 * meanwhile writes nothing (the caller may retry). Where the site requires a verified address, the
 * statement also finds it verified, so the rule holds for every caller of this operation.
 */
export async function castVote(input: {
  surveyId: string;
  userId: string;
  role: Role;
  vote: VoteValue;
  comment?: string | null;
  /** Mail the result to the voter when the survey closes. */
  notifyResult?: boolean;
  /** The keyed hash of the voter's network (lib/integrity/network-hash.ts), for the integrity panel. */
  network?: string | null;
  /** The voter's current address (the route's signed-in user, read this request); read from the account when omitted. */
  email?: string;
}): Promise<VoteResult> {
  if (!can(input.role, "vote")) throw new ApiError("forbidden", "Only user accounts can vote on surveys");
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  if (comment !== null && !can(input.role, "comment")) {
    throw new ApiError("forbidden", "Only pro users can comment. Upgrade on the pricing page to add comments");
  }
  // Votes per account per minute (`votes.account`, lib/limits/table.ts): reserved before the vote, in a
  // transaction of its own, and kept whatever the vote answers, so a script cannot crawl every survey.
  await reserve([["votes.account", input.userId]]);
  const timeZone = getEnv().APP_TIME_ZONE;
  const db = await getDb();
  const email = input.email ?? (await accountEmail(input.userId));
  const mailbox = mailboxHash(email);
  // One statement (so one implicit transaction): the survey's row is locked only while PostgreSQL runs
  // it, never across round trips to a busy app server, so a burst of votes on one survey queues
  // for microseconds rather than holding pool connections while the server's event loop catches up.
  const [counts] = await queryRows<{ yesCount: number; noCount: number; resultsVisibility: ResultsVisibility; surveyorId: string; webhooked: boolean }>(
    db as never,
    sql`with inserted as (
          insert into ${votes} (survey_id, user_id, vote, comment, notify_result, network, mailbox_hash)
          select ${surveys.id}, ${input.userId}::uuid, ${input.vote}::vote_value, ${comment}::text, ${input.notifyResult === true}::boolean, ${input.network ?? null}::text, ${mailbox}::text from ${surveys}
          where ${surveys.id} = ${input.surveyId} and ${surveys.status} = 'publish' and not ${closedSql(surveys.deadline, timeZone)}
            and exists (select 1 from ${users} where ${users.id} = ${input.userId}::uuid and ${users.email} = ${email}::text and ${users.deletedAt} is null
              and (${users.emailVerified} is not null or not ${verificationRequired()}::boolean))
          -- Without a target: both unique indexes, (survey_id, user_id) and (survey_id, mailbox_hash).
          on conflict do nothing
          returning vote
        )
        update ${surveys}
        set yes_count = yes_count + (select count(*) from inserted where vote = 'yes')::int,
            no_count = no_count + (select count(*) from inserted where vote = 'no')::int
        where ${surveys.id} = ${input.surveyId} and exists (select 1 from inserted)
        returning yes_count as "yesCount", no_count as "noCount", results_visibility as "resultsVisibility", surveyor_id as "surveyorId",
          -- Whether the surveyor has a webhook for votes: answered here so a survey without one costs no query.
          exists (select 1 from ${webhookEndpoints} e where e.user_id = ${surveys.surveyorId} and e.disabled_at is null and 'vote.created' = any(e.events)) as "webhooked"`,
  );
  const result = counts
    ? { vote: input.vote, comment, ...visibleCounts(counts, resultsHidden(counts, false, { id: input.userId, role: input.role })) }
    : null;
  metrics().votes.inc({ outcome: result ? "accepted" : "refused" });
  if (!result) throw await whyNotCounted(input.surveyId, input.userId, mailbox, timeZone);
  emit({ type: "vote.created", surveyId: input.surveyId });
  if (counts.webhooked) await queueVoteWebhooks(input.surveyId);
  return result;
}

/**
 * The new totals for the surveyor's `vote.created` webhooks, batched (lib/integrations/webhooks/queue.ts).
 * After the vote's commit: a failure here is logged and never refuses the vote, which is counted.
 */
async function queueVoteWebhooks(surveyId: string): Promise<void> {
  try {
    const db = await getDb();
    const [survey] = await db.select(surveyFactColumns).from(surveys).where(eq(surveys.id, surveyId));
    if (survey) await queueVoteTotals(survey);
  } catch (error) {
    log("error", "vote webhook not queued", { surveyId, error: (error as Error).message });
  }
}

/** The address on a person's account (a deleted account has none left to vote with). */
async function accountEmail(userId: string): Promise<string> {
  const db = await getDb();
  const [user] = await db.select({ email: users.email }).from(users).where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!user) throw new ApiError("forbidden", "Only user accounts can vote on surveys");
  return user.email;
}

/** The refusal of a second vote from one mailbox (another account, a deleted one, a `+tag` of the address). */
export const MAILBOX_ALREADY_VOTED = "A vote from this email address was already counted on this survey.";

/** Zero rows written: tell the caller which rule refused the vote. */
async function whyNotCounted(surveyId: string, userId: string, mailbox: string, timeZone: string): Promise<ApiError> {
  const db = await getDb();
  const [survey] = await db
    .select({ status: surveys.status, closed: closedSql(surveys.deadline, timeZone) })
    .from(surveys)
    .where(eq(surveys.id, surveyId));
  if (!survey || survey.status !== "publish") return new ApiError("not_found", "Survey not found");
  const [voter] = await db.select({ emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
  if (voter && needsVerification(voter)) return new ApiError("email_unverified", EMAIL_UNVERIFIED_MESSAGE);
  const [existing] = await db
    .select({ id: votes.id })
    .from(votes)
    .where(and(eq(votes.surveyId, surveyId), eq(votes.userId, userId)));
  if (existing) return new ApiError("conflict", "You have already voted on this survey");
  const [sameMailbox] = await db
    .select({ id: votes.id })
    .from(votes)
    .where(and(eq(votes.surveyId, surveyId), eq(votes.mailboxHash, mailbox)));
  if (sameMailbox) return new ApiError("conflict", MAILBOX_ALREADY_VOTED);
  if (survey.closed) return new ApiError("conflict", "This survey is closed");
  // Not reachable unless the survey or the voter's address changed between the statements; the caller may retry.
  return new ApiError("conflict", "Your vote could not be counted, please try again");
}

/**
 * The personal part of a survey page. The counts and their stats follow the survey's results
 * visibility (`resultsHidden`: all null for this viewer until the deadline).
 */
export type VotingState = VisibleCounts & {
  questionTitle: string;
  questionDescription: string;
  resultsVisibility: ResultsVisibility;
  deadlinePassed: boolean;
  open: boolean;
  signedIn: boolean;
  canVote: boolean;
  canComment: boolean;
  myVote: { vote: VoteValue; comment: string | null } | null;
  /** Whether this viewer already reported the survey (the Report button then says Reported). */
  reported: boolean;
  /** The viewer may vote by role but must verify their address first (the page says so instead of the form). */
  emailUnverified: boolean;
  /** The site sends mail: the form offers "Email me the result when this survey closes". */
  resultMail: boolean;
};

/** The personal part of a survey page for one viewer (null: signed out). Null if not published. */
export async function getVotingState(
  surveyId: string,
  viewer: { id: string; role: Role; emailVerified: Date | null } | null,
): Promise<VotingState | null> {
  const db = await getDb();
  const [survey] = await db
    .select({ questionTitle: surveys.questionTitle, questionDescription: surveys.questionDescription, ...figureColumns() })
    .from(surveys)
    .where(publishedSurvey(surveyId));
  if (!survey) return null;
  let myVote: VotingState["myVote"] = null;
  let reported = false;
  if (viewer) {
    const [[row], [report]] = await Promise.all([
      db
        .select({ vote: votes.vote, comment: votes.comment })
        .from(votes)
        .where(and(eq(votes.surveyId, surveyId), eq(votes.userId, viewer.id))),
      // The unique (survey_id, user_id) index of reports answers this.
      db
        .select({ id: reports.id })
        .from(reports)
        .where(and(eq(reports.surveyId, surveyId), eq(reports.userId, viewer.id))),
    ]);
    myVote = row ?? null;
    reported = !!report;
  }
  return {
    questionTitle: survey.questionTitle,
    questionDescription: survey.questionDescription,
    ...visibleCounts(survey, resultsHidden(survey, survey.deadlinePassed, viewer)),
    resultsVisibility: survey.resultsVisibility,
    deadlinePassed: survey.deadlinePassed,
    open: !survey.deadlinePassed,
    signedIn: viewer !== null,
    canVote: can(viewer?.role, "vote"),
    canComment: can(viewer?.role, "comment"),
    myVote,
    reported,
    emailUnverified: needsVerification(viewer),
    resultMail: mailConfigured(),
  };
}

export type ParticipatedSurvey = {
  id: string;
  title: string;
  description: string;
  category: Category;
  deadline: string;
  status: SurveyStatus;
  questionTitle: string;
  questionDescription: string;
  vote: VoteValue;
  comment: string | null;
  votedAt: Date;
};

const participatedColumns = {
  id: surveys.id,
  title: surveys.title,
  description: surveys.description,
  category: surveys.category,
  deadline: surveys.deadline,
  status: surveys.status,
  questionTitle: surveys.questionTitle,
  questionDescription: surveys.questionDescription,
  vote: votes.vote,
  comment: votes.comment,
  votedAt: votes.createdAt,
};

/** A person's counted votes with their surveys, newest vote first; `narrower` picks among them. */
async function countedVotesOf(userId: string, ...narrower: SQL[]): Promise<ParticipatedSurvey[]> {
  const db = await getDb();
  return db
    .select(participatedColumns)
    .from(votes)
    .innerJoin(surveys, eq(surveys.id, votes.surveyId))
    .where(and(eq(votes.userId, userId), isNull(votes.voidedAt), ...narrower))
    .orderBy(desc(votes.createdAt), asc(surveys.title));
}

/** The surveys a person voted on, newest vote first, with their own vote. */
export function listParticipatedSurveys(userId: string): Promise<ParticipatedSurvey[]> {
  return countedVotesOf(userId);
}

/** The surveys a person commented on, with only their own comment. */
export function listCommentedSurveys(userId: string): Promise<ParticipatedSurvey[]> {
  return countedVotesOf(userId, isNotNull(votes.comment), ne(votes.comment, ""));
}

