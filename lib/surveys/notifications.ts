import "server-only";
import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db";
import { queueWebhookEvent, webhooksWanted } from "@/lib/integrations/webhooks/queue";
import { queryRows } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/types";
import { mailLink, mailLocale, mailTranslator } from "@/lib/mail/i18n";
import { enqueueMails, type OutgoingMail } from "@/lib/mail/outbox";
import { surveyClosedMail, surveyResultMail, surveyUnpublishedMail, type ResultSummary } from "@/lib/mail/templates";
import { unsubscribeLinks } from "@/lib/mail/unsubscribe";
import { mailConfigured } from "@/lib/mail/transport";
import { surveyHref } from "@/lib/public-urls";
import { closedSql } from "@/lib/site-dates";
import { resultReadingText } from "@/lib/surveys/results-text";
import { resultsTranslator } from "@/lib/surveys/results-translator";
import { resultStats } from "@/lib/surveys/stats";
import { users, votes } from "@/models";

// Mail that brings people back: a survey's result to the voters who asked for it, and its surveyor's
// news (closed, unpublished). Only to verified addresses of live accounts whose preference allows it;
// each with its one-click unsubscribe link, in the recipient's saved language. Queued through the
// outbox in the transaction of the event.

/**
 * A result in words, with its uncertainty, in a mail's language: the counts, then the three sentences
 * the pages say ("Yes 2, No 1. Most voters said Yes: 67% of 3 votes. With so few votes, … Too few votes
 * to tell: …").
 */
export async function resultSummary(yesCount: number, noCount: number, locale: Locale = "en"): Promise<ResultSummary> {
  const t = await mailTranslator(locale);
  const stats = resultStats(yesCount, noCount);
  const line = stats.n === 0 ? t("result.nobody") : `${t("result.counts", { yes: yesCount, no: noCount })} ${resultReadingText(stats, resultsTranslator(locale))}`;
  return { yesCount, noCount, line };
}

/** One result per language, written once for all the recipients who read it in that language. */
function resultsByLocale(yesCount: number, noCount: number) {
  const written = new Map<Locale, Promise<ResultSummary>>();
  return (locale: Locale) => {
    let result = written.get(locale);
    if (!result) {
      result = resultSummary(yesCount, noCount, locale);
      written.set(locale, result);
    }
    return result;
  };
}

type ClosedSurvey = { id: string; title: string; questionTitle: string; yesCount: number; noCount: number; surveyorId: string };

/**
 * The close job: claims published surveys whose deadline has passed and that were not announced yet
 * (`FOR UPDATE SKIP LOCKED`: two servers running it at once never take the same survey), marks them
 * announced and queues their mails and their surveyors' `survey.closed` webhooks, all in one
 * transaction: each closed survey is announced exactly once, and a crash before the commit leaves it to
 * the next run. A site without mail and without webhooks announces nothing (the surveys stay unclaimed,
 * as before webhooks existed). Returns how many it announced.
 */
export async function announceClosedSurveys(limit = 20): Promise<number> {
  const mail = mailConfigured();
  if (!mail && !(await webhooksWanted("survey.closed"))) return 0;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const closed = await queryRows<ClosedSurvey>(
      tx as never,
      sql`update surveys set close_notified_at = now()
          where id in (
            select id from surveys
            where status = 'publish' and close_notified_at is null and ${closedSql(sql`deadline`)}
            order by deadline
            limit ${limit}
            for update skip locked
          )
          returning id, title, question_title as "questionTitle", yes_count as "yesCount", no_count as "noCount", surveyor_id as "surveyorId"`,
    );
    for (const survey of closed) {
      if (mail) await queueCloseMails(tx, survey);
      await queueWebhookEvent(tx, "survey.closed", survey.id);
    }
    return closed.length;
  });
}

/** The close job (`surveys.announceClosed`, lib/jobs/registry.ts): batch after batch until none is left. */
export async function announceAllClosedSurveys(): Promise<number> {
  let announced = 0;
  for (let batch = await announceClosedSurveys(); batch > 0; batch = await announceClosedSurveys()) announced += batch;
  return announced;
}

const reachable = and(isNull(users.deletedAt), isNull(users.suspendedAt), isNotNull(users.emailVerified));

async function queueCloseMails(tx: Tx, survey: ClosedSurvey) {
  const resultIn = resultsByLocale(survey.yesCount, survey.noCount);
  const mails: OutgoingMail[] = [];
  const [owner] = await tx
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, survey.surveyorId), reachable, eq(users.mailSurveyNews, true)));
  if (owner) {
    const locale = mailLocale(owner.locale);
    const links = unsubscribeLinks(owner.id, "survey-news", locale);
    mails.push({
      kind: "survey_closed",
      userId: owner.id,
      to: owner.email,
      headers: links.headers,
      ...(await surveyClosedMail({
        locale,
        name: owner.name,
        title: survey.title,
        result: await resultIn(locale),
        url: mailLink(locale, `/dashboard/surveyor/surveys/${survey.id}`),
        unsubscribe: links.page,
      })),
    });
  }
  const subscribers = await tx
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(votes)
    .innerJoin(users, eq(users.id, votes.userId))
    .where(and(eq(votes.surveyId, survey.id), eq(votes.notifyResult, true), isNull(votes.voidedAt), reachable, eq(users.mailResults, true)));
  for (const person of subscribers) {
    const locale = mailLocale(person.locale);
    const links = unsubscribeLinks(person.id, "results", locale);
    mails.push({
      kind: "survey_result",
      userId: person.id,
      to: person.email,
      headers: links.headers,
      ...(await surveyResultMail({
        locale,
        name: person.name,
        title: survey.title,
        question: survey.questionTitle,
        result: await resultIn(locale),
        url: mailLink(locale, surveyHref(survey.id)),
        unsubscribe: links.page,
      })),
    });
  }
  await enqueueMails(tx, mails);
}

/** Tells a survey's surveyor that an admin unpublished it, with the feedback (in the caller's transaction). */
export async function queueUnpublishedMail(tx: Tx, survey: { id: string; title: string; surveyorId: string }, feedback: string) {
  if (!mailConfigured()) return;
  const [owner] = await tx
    .select({ id: users.id, name: users.name, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.id, survey.surveyorId), reachable, eq(users.mailSurveyNews, true)));
  if (!owner) return;
  const locale = mailLocale(owner.locale);
  const links = unsubscribeLinks(owner.id, "survey-news", locale);
  await enqueueMails(tx, [
    {
      kind: "survey_unpublished",
      userId: owner.id,
      to: owner.email,
      headers: links.headers,
      ...(await surveyUnpublishedMail({ locale, name: owner.name, title: survey.title, feedback, url: mailLink(locale, "/dashboard/surveyor/feedbacks"), unsubscribe: links.page })),
    },
  ]);
}

/** Each optional kind of mail and the column that keeps whether a person receives it. */
const PREFERENCE_COLUMNS = { results: users.mailResults, surveyNews: users.mailSurveyNews, signInNotices: users.mailSignInNotices };
export type MailPreferences = Record<keyof typeof PREFERENCE_COLUMNS, boolean>;

export async function getMailPreferences(userId: string): Promise<MailPreferences> {
  const db = await getDb();
  const [row] = await db.select(PREFERENCE_COLUMNS).from(users).where(eq(users.id, userId));
  return row ?? { results: true, surveyNews: true, signInNotices: true };
}

/** Turns one kind of mail off for a person (an unsubscribe link) or sets any of them (the account page). */
export async function setMailPreferences(userId: string, preferences: Partial<MailPreferences>) {
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set({
      ...(preferences.results !== undefined ? { mailResults: preferences.results } : {}),
      ...(preferences.surveyNews !== undefined ? { mailSurveyNews: preferences.surveyNews } : {}),
      ...(preferences.signInNotices !== undefined ? { mailSignInNotices: preferences.signInNotices } : {}),
    })
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .returning(PREFERENCE_COLUMNS);
  return row ?? null;
}

