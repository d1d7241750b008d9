import { describe, expect, it, vi } from "vitest";

process.env.LOG_LEVEL = "warn";

const { purgeExpiredAltcha } = await import("@/lib/altcha");
const { purgeExpiredChallenges } = await import("@/lib/accounts/passkeys");
const { purgeExpiredTickets } = await import("@/lib/accounts/second-factor");
const { purgeOldAttempts } = await import("@/lib/auth/attempts");
const { purgeIdempotencyKeys } = await import("@/lib/integrations/idempotency");
const { purgeKeyWindows } = await import("@/lib/integrations/rate-limit");
const { DELIVER_JOB, deliverQueuedMail, enqueueMail, purgeSentMail } = await import("@/lib/mail/outbox");
const { metrics } = await import("@/lib/metrics.mjs");
const { announceAllClosedSurveys } = await import("@/lib/surveys/notifications");
const { deliverQueuedWebhooks, purgeOldDeliveries } = await import("@/lib/integrations/webhooks/delivery");
const { DELIVER_WEBHOOKS_JOB } = await import("@/lib/integrations/webhooks/queue");
const { getDb } = await import("@/lib/db");
const { jobs, startJobs } = await import("./registry");

describe("the jobs registry", () => {
  it("declares each job once, with its interval and the function it runs", () => {
    expect(jobs.map(({ name, everyMs, run }) => ({ name, everyMs, run }))).toEqual([
      { name: "mail.deliver", everyMs: 2000, run: deliverQueuedMail },
      { name: "surveys.announceClosed", everyMs: 60_000, run: announceAllClosedSurveys },
      { name: "webhooks.deliver", everyMs: 2000, run: deliverQueuedWebhooks },
      { name: "mail.purgeSent", everyMs: 3_600_000, run: purgeSentMail },
      { name: "webhooks.purgeOld", everyMs: 3_600_000, run: purgeOldDeliveries },
      { name: "limits.purgeOld", everyMs: 3_600_000, run: purgeOldAttempts },
      { name: "apiKeys.purgeWindows", everyMs: 3_600_000, run: purgeKeyWindows },
      { name: "idempotency.purgeOld", everyMs: 3_600_000, run: purgeIdempotencyKeys },
      { name: "altcha.purgeExpired", everyMs: 3_600_000, run: purgeExpiredAltcha },
      { name: "passkeys.purgeChallenges", everyMs: 600_000, run: purgeExpiredChallenges },
      { name: "secondFactor.purgeTickets", everyMs: 600_000, run: purgeExpiredTickets },
    ]);
    // Queuing mail, and queuing a webhook delivery, wake the delivery jobs by these names.
    expect(jobs.map((job) => job.name)).toContain(DELIVER_JOB);
    expect(jobs.map((job) => job.name)).toContain(DELIVER_WEBHOOKS_JOB);
  });

  it("runs every job against the database, counts each run by job, and stops", async () => {
    const okRuns = async () => {
      const { values } = await metrics().jobRuns.get();
      return new Map(values.filter((v) => v.labels.outcome === "ok").map((v) => [v.labels.job, v.value]));
    };
    // Queued without SMTP_URL: it stays in the outbox and the delivery job counts it as pending.
    const db = await getDb();
    await db.transaction((tx) => enqueueMail(tx, { kind: "jobs_test", to: "jobs@example.test", subject: "Jobs", text: "text", html: "<p>html</p>" }));
    const stop = startJobs();
    try {
      await vi.waitFor(
        async () => {
          const runs = await okRuns();
          for (const job of jobs) expect(runs.get(job.name), job.name).toBeGreaterThanOrEqual(1);
        },
        { timeout: 20_000, interval: 100 },
      );
    } finally {
      await stop();
    }
    expect((await metrics().jobRuns.get()).values.filter((v) => v.labels.outcome === "failed")).toEqual([]);
    expect((await metrics().mailPending.get()).values[0]?.value).toBe(1);
  });
});
