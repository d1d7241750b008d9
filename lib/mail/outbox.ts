import "server-only";
import os from "node:os";
import { and, count, isNull, lt, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { wakeJob } from "@/lib/jobs/runner";
import { log } from "@/lib/log";
import { metrics } from "@/lib/metrics.mjs";
import { mailOutbox, type MailOutboxRow } from "@/models";
import type { MailContent } from "./templates";
import { smtpTransport } from "./transport";

// The outbox (docs/operations.md "Mail"): a mail is a row written in the transaction of the change
// that causes it, so it exists exactly when the change does. Every app server runs the delivery job
// (`mail.deliver`, lib/jobs/registry.ts) that claims due rows with FOR UPDATE SKIP LOCKED (two servers never take the same row), holds each
// under a lease while it talks to the SMTP relay, and marks it sent; a failure schedules a retry
// with exponential backoff, and a server killed mid-send leaves a lease that runs out, after which
// another worker takes the row again.

/** Attempts before a mail is given up (about a day and a half of retries). */
export const MAX_ATTEMPTS = 12;
/** How long a claimed mail is held by one worker: far longer than the SMTP timeouts of one send. */
const LEASE_SECONDS = 120;
const BATCH = 20;
/** The job that delivers the outbox (lib/jobs/registry.ts): queuing mail wakes it. */
export const DELIVER_JOB = "mail.deliver";

export type OutgoingMail = MailContent & {
  /** What kind of mail (logs and metrics): never personal data. */
  kind: string;
  to: string;
  /** The account it concerns: deleting the account deletes its unsent mail. */
  userId?: string | null;
  /** Extra headers (List-Unsubscribe); names and values free of line breaks. */
  headers?: Record<string, string>;
};

const HEADER_BREAK = /[\r\n\u2028\u2029]/;

/** Queues one mail inside the caller's transaction. */
export const enqueueMail = (tx: Tx, mail: OutgoingMail) => enqueueMails(tx, [mail]);

/** Queues mails inside the caller's transaction (a closed survey's result to all who asked, in batches). */
export async function enqueueMails(tx: Tx, mails: OutgoingMail[]): Promise<void> {
  for (const mail of mails) {
    // Addresses come from validated input and subjects are fixed texts; a line break in either would
    // be a header injection, so it is refused here whatever the caller did.
    const headerTexts = [mail.to, mail.subject, ...Object.entries(mail.headers ?? {}).flat()];
    if (headerTexts.some((text) => HEADER_BREAK.test(text))) throw new Error("A mail header cannot contain a line break");
  }
  for (let i = 0; i < mails.length; i += 500) {
    await tx.insert(mailOutbox).values(
      mails.slice(i, i + 500).map((mail) => ({
        kind: mail.kind,
        userId: mail.userId ?? null,
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
        headers: mail.headers ?? null,
      })),
    );
  }
  // Run as soon as the caller's transaction has committed (a moment later), not at the next poll.
  if (mails.length > 0) wakeJob(DELIVER_JOB);
}

/** Seconds before attempt `n + 1` after `n` failed ones: 10 s, 20 s, 40 s, … at most an hour, ±20 %. */
export function backoffSeconds(attempts: number, random = Math.random): number {
  const base = Math.min(10 * 2 ** (attempts - 1), 3600);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/** This process, as it appears in `locked_by`. */
export const WORKER_ID = `${os.hostname()}:${process.pid}`;

/** Claims the due mail this worker will send: each row is leased to it alone. */
async function claim(limit: number): Promise<MailOutboxRow[]> {
  const db = await getDb();
  return queryRows<MailOutboxRow>(db, sql`
    update ${mailOutbox}
    set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), locked_by = ${WORKER_ID}, attempts = attempts + 1
    where id in (
      select id from ${mailOutbox}
      where sent_at is null and failed_at is null and next_attempt_at <= now()
        and (locked_until is null or locked_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id, kind, user_id as "userId", to_address as "toAddress", subject, text_body as "textBody",
      html_body as "htmlBody", headers, attempts`);
}

function messageIdOf(row: Pick<MailOutboxRow, "id">): string {
  const domain = /@([^>\s]+)/.exec(getEnv().MAIL_FROM)?.[1] ?? "opinex.localhost";
  // Stable across retries: a relay or inbox that sees one mail twice can tell it is the same one.
  return `<${row.id}@${domain}>`;
}

async function sendOne(row: MailOutboxRow): Promise<"sent" | "retry" | "failed"> {
  const transport = smtpTransport();
  if (!transport) return "retry";
  const db = await getDb();
  try {
    await transport.sendMail({
      from: getEnv().MAIL_FROM,
      to: row.toAddress,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      messageId: messageIdOf(row),
      headers: { ...row.headers, "X-OPINEX-Mail": row.kind },
    });
  } catch (error) {
    const message = String((error as Error).message ?? error).slice(0, 500);
    const giveUp = row.attempts >= MAX_ATTEMPTS;
    await db
      .update(mailOutbox)
      .set(
        giveUp
          ? { failedAt: new Date(), lockedUntil: null, lockedBy: null, lastError: message }
          : { nextAttemptAt: sql`now() + make_interval(secs => ${backoffSeconds(row.attempts)})`, lockedUntil: null, lockedBy: null, lastError: message },
      )
      .where(sql`${mailOutbox.id} = ${row.id}`);
    log(giveUp ? "error" : "warn", giveUp ? "mail given up" : "mail send failed", { mailId: row.id, kind: row.kind, attempts: row.attempts, error: message });
    return giveUp ? "failed" : "retry";
  }
  await db.update(mailOutbox).set({ sentAt: new Date(), lockedUntil: null, lockedBy: null, lastError: null }).where(sql`${mailOutbox.id} = ${row.id}`);
  log("info", "mail sent", { mailId: row.id, kind: row.kind, attempts: row.attempts });
  return "sent";
}

/**
 * Sends what is due now, batch after batch, until nothing is due (or `maxBatches`). Returns how many
 * were sent, scheduled for a retry and given up.
 */
export async function deliverDueMail(maxBatches = 50): Promise<{ sent: number; retry: number; failed: number }> {
  const totals = { sent: 0, retry: 0, failed: 0 };
  if (!smtpTransport()) return totals;
  for (let i = 0; i < maxBatches; i++) {
    const rows = await claim(BATCH);
    if (rows.length === 0) break;
    const outcomes = await Promise.all(rows.map(sendOne));
    for (const outcome of outcomes) {
      totals[outcome]++;
      metrics().mail.inc({ outcome });
    }
  }
  return totals;
}

/** Mail not yet sent nor given up (the metrics' outbox depth). */
export async function pendingMailCount(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt)));
  return row?.n ?? 0;
}

/** Sent mail is kept a week (for support questions), then deleted: it holds addresses. */
export async function purgeSentMail(olderThanDays = 7): Promise<void> {
  const db = await getDb();
  await db.delete(mailOutbox).where(lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${olderThanDays})`));
}

/** The delivery job: sends what is due, then records the outbox's depth as this server sees it. */
export async function deliverQueuedMail(): Promise<void> {
  await deliverDueMail();
  metrics().mailPending.set(await pendingMailCount());
}
