import "server-only";
import { purgeExpiredChallenges } from "@/lib/accounts/passkeys";
import { purgeExpiredTickets } from "@/lib/accounts/second-factor";
import { purgeExpiredAltcha } from "@/lib/altcha";
import { purgeOldAttempts } from "@/lib/auth/attempts";
import { purgeIdempotencyKeys } from "@/lib/integrations/idempotency";
import { purgeKeyWindows } from "@/lib/integrations/rate-limit";
import { deliverQueuedWebhooks, purgeOldDeliveries } from "@/lib/integrations/webhooks/delivery";
import { deliverQueuedMail, purgeSentMail } from "@/lib/mail/outbox";
import { closeSmtpTransport } from "@/lib/mail/transport";
import { metrics } from "@/lib/metrics.mjs";
import { announceAllClosedSurveys } from "@/lib/surveys/notifications";
import { startJobRunner, type Job } from "./runner";

// Every scheduled job of the site, in one table (docs/architecture.md "Jobs"). Every app server runs
// all of them (lib/jobs/runner.ts), so each must be safe to run on several servers at once: the
// delivery claims mail with FOR UPDATE SKIP LOCKED (two servers never take the same mail), the close
// job claims surveys the same way and marks them announced in the transaction that queues their mail
// (each announced once, whoever runs it), the webhook delivery claims its deliveries as the mail's, and
// the purges are deletes any number of servers can repeat.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const jobs: readonly Job[] = [
  // Polls the outbox; queuing mail also wakes it (enqueueMails → wakeJob), so mail rarely waits the poll.
  { name: "mail.deliver", everyMs: 2 * SECOND, run: deliverQueuedMail },
  // Surveys whose deadline has passed: their result to the voters who asked, the news to their surveyor.
  { name: "surveys.announceClosed", everyMs: MINUTE, run: announceAllClosedSurveys },
  // Sends due webhook deliveries (claimed as the outbox's mail is); queuing one also wakes it.
  { name: "webhooks.deliver", everyMs: 2 * SECOND, run: deliverQueuedWebhooks },
  // Housekeeping of what holds addresses and no longer serves, and of spent proof-of-work solutions.
  { name: "mail.purgeSent", everyMs: HOUR, run: purgeSentMail },
  { name: "webhooks.purgeOld", everyMs: HOUR, run: purgeOldDeliveries },
  { name: "limits.purgeOld", everyMs: HOUR, run: purgeOldAttempts },
  // API keys' ended rate-limit windows, and Idempotency-Keys past their day.
  { name: "apiKeys.purgeWindows", everyMs: HOUR, run: purgeKeyWindows },
  { name: "idempotency.purgeOld", everyMs: HOUR, run: purgeIdempotencyKeys },
  { name: "altcha.purgeExpired", everyMs: HOUR, run: purgeExpiredAltcha },
  // Passkey challenges no browser can answer any more (used ones are deleted at once).
  { name: "passkeys.purgeChallenges", everyMs: 10 * MINUTE, run: purgeExpiredChallenges },
  // Sign-ins past their first factor that never gave their second (used ones are deleted at once).
  { name: "secondFactor.purgeTickets", everyMs: 10 * MINUTE, run: purgeExpiredTickets },
];

/**
 * Starts this process's jobs (instrumentation.ts; idempotent). The returned stop, run by the drain
 * before the database closes, waits for the runs in flight and then closes the SMTP connections the
 * delivery job used.
 */
export function startJobs(): () => Promise<void> {
  const stop = startJobRunner(jobs, {
    onRun(name, outcome, seconds) {
      metrics().jobRuns.inc({ job: name, outcome });
      metrics().jobDuration.observe({ job: name }, seconds);
    },
  });
  return async () => {
    await stop();
    closeSmtpTransport();
  };
}
