// Webhooks end to end, against a real receiver on loopback (WEBHOOK_ALLOW_PRIVATE and WEBHOOK_ALLOW_HTTP
// on, as for an intranet) that verifies every delivery with the `standardwebhooks` package: endpoints
// added through POST /api/v1/webhooks with an API key, events made through the real routes and the
// close job, deliveries sent by the delivery job. Retries are made due by moving `next_attempt_at`
// rather than by waiting minutes.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { mailSite } from "@/tests/mail-site";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  process.env.WEBHOOK_ALLOW_HTTP = "true";
});

const { smtp, inbox } = await mailSite();

const { POST: addWebhook } = await import("@/app/api/v1/webhooks/route");
const { PATCH: patchWebhook } = await import("@/app/api/v1/webhooks/[id]/route");
const { POST: rotate } = await import("@/app/api/v1/webhooks/[id]/rotate/route");
const { GET: deliveriesOf } = await import("@/app/api/v1/webhooks/[id]/deliveries/route");
const { POST: redeliverRoute } = await import("@/app/api/v1/webhooks/[id]/deliveries/[deliveryId]/redeliver/route");
const { PUT: vote } = await import("@/app/api/vote/[id]/route");
const { POST: unpublishOwn } = await import("@/app/api/v1/surveys/[id]/unpublish/route");
const { PUT: report } = await import("@/app/api/report_survey/[id]/route");
const { POST: setStatus } = await import("@/app/api/update_survey_status/route");
const { getDb } = await import("@/lib/db");
const { queryRows } = await import("@/lib/db/client");
const { createApiKey } = await import("@/lib/integrations/api-keys");
const { deliverDueWebhooks, purgeOldDeliveries, MAX_ATTEMPTS, RETRY_DELAYS_SECONDS, DISABLE_AFTER_FAILED_DELIVERIES } = await import("./delivery");
const { announceClosedSurveys } = await import("@/lib/surveys/notifications");
const { WEBHOOK_EVENTS, WEBHOOK_PAYLOADS } = await import("./schema");
type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
const { auditEvents, webhookDeliveries, webhookEndpoints } = await import("@/models");
const { createSurvey, createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { startReceiver } = await import("@/tests/webhook-receiver");
const { suspendUser, liftSuspension } = await import("@/lib/moderation/suspension");

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
type User = Awaited<ReturnType<typeof createUser>>;

let receiver: Receiver;
let admin: User;

beforeAll(async () => {
  receiver = await startReceiver();
  admin = await createUser({ role: "admin" });
});
afterAll(() => receiver.close());
beforeEach(async () => {
  receiver.received.length = 0;
  receiver.answerAll(null);
  receiver.failNext(0);
  // Each test's deliveries alone: the job would otherwise also send what an earlier test left pending.
  const db = await getDb();
  await db.delete(webhookDeliveries);
});

/** A surveyor with an API key that may manage webhooks, and one endpoint of theirs on the receiver. */
async function surveyorWithWebhook(path: string, events: readonly string[] = WEBHOOK_EVENTS) {
  const surveyor = await createUser({ role: "surveyor", name: "Sam Surveyor" });
  const { key } = await createApiKey(surveyor.id, { name: "tools", scopes: ["webhooks:write"] });
  const added = await call(addWebhook, { method: "POST", path: "/api/v1/webhooks", token: key, body: { url: `${receiver.url}${path}`, events } });
  expect(added.status).toBe(201);
  return { surveyor, key, endpoint: added.json as { id: string; secret: string } };
}

/** Makes every pending delivery due now (a retry's backoff, a vote batch's few seconds), then runs the job. */
async function deliverAllNow() {
  const db = await getDb();
  await db.execute(sql`update webhook_deliveries set next_attempt_at = now() where delivered_at is null and failed_at is null`);
  return deliverDueWebhooks();
}

async function deliveryRows(endpointId: string) {
  const db = await getDb();
  return db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).orderBy(webhookDeliveries.createdAt);
}

describe("each event, once, signed", () => {
  it("delivers survey.published, survey.unpublished (with the feedback), survey.closed (the final results), vote.created (the totals, no voter) and survey.reported once each", async () => {
    const { surveyor, key, endpoint } = await surveyorWithWebhook("/all");
    const toPublish = await createSurvey(surveyor.id, { status: "unpublish", title: "To publish" });
    const toUnpublish = await createSurvey(surveyor.id, { title: "To unpublish" });
    const voted = await createSurvey(surveyor.id, { title: "Voted and reported", yesCount: 4, noCount: 2 });
    const closed = await createSurvey(surveyor.id, { title: "Closed", deadlineInDays: -1, yesCount: 7, noCount: 3 });
    const voter = await createUser({ name: "Vera Voter" });

    expect((await call(setStatus, { method: "POST", as: admin, body: { id: toPublish.id, status: "publish" } })).status).toBe(200);
    expect((await call(setStatus, { method: "POST", as: admin, body: { id: toUnpublish.id, status: "unpublish", feedbackMessage: "Please cite a source." } })).status).toBe(200);
    expect((await call(vote, { method: "PUT", as: voter, params: { id: voted.id }, body: { vote: "no" } })).status).toBe(200);
    expect((await call(report, { method: "PUT", as: voter, params: { id: voted.id }, body: {} })).status).toBe(200);
    expect(await announceClosedSurveys()).toBeGreaterThanOrEqual(1);

    expect(await deliverAllNow()).toEqual({ delivered: 5, retry: 0, failed: 0 });
    // Nothing is left to send: a second run sends nothing again.
    expect(await deliverAllNow()).toEqual({ delivered: 0, retry: 0, failed: 0 });
    expect(receiver.received).toHaveLength(5);

    const payloads = receiver.verified(endpoint.secret);
    expect(payloads.map((p) => p.type).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    expect(new Set(payloads.map((p) => p.id)).size).toBe(5);
    // Each as the API reference's `webhooks` describes it.
    for (const { id, ...payload } of payloads) expect(WEBHOOK_PAYLOADS[payload.type as WebhookEvent].safeParse(payload).error, id).toBeUndefined();
    const of = (type: string) => payloads.find((p) => p.type === type)!.data as Record<string, Record<string, unknown>>;
    expect(of("survey.published").survey).toMatchObject({ id: toPublish.id, title: "To publish", status: "publish", url: `http://localhost:3000/survey/details/${toPublish.id}` });
    expect(of("survey.unpublished")).toMatchObject({ survey: { id: toUnpublish.id, status: "unpublish" }, feedback: "Please cite a source." });
    expect(of("survey.closed")).toMatchObject({ survey: { id: closed.id }, results: { yes: 7, no: 3, total: 10 } });
    expect(of("vote.created")).toMatchObject({ survey: { id: voted.id }, totals: { yes: 4, no: 3, total: 7 } });
    expect(of("survey.reported")).toMatchObject({ survey: { id: voted.id }, reports: 1 });
    // Never who voted or reported.
    for (const request of receiver.received) for (const secret of [voter.id, voter.email, "Vera Voter"]) expect(request.body).not.toContain(secret);
    for (const request of receiver.received) {
      expect(request.id).toMatch(/^msg_[0-9a-f]{32}$/);
      expect(request.headers["content-type"]).toBe("application/json");
      expect(Math.abs(Number(request.timestamp) - Date.now() / 1000)).toBeLessThan(60);
    }

    const list = await call(deliveriesOf, { path: `/api/v1/webhooks/${endpoint.id}/deliveries`, token: key, params: { id: endpoint.id } });
    expect(list.status).toBe(200);
    const data = list.json.data as { webhookId: string; status: string; attempts: number; lastStatus: number }[];
    expect(data).toHaveLength(5);
    expect(data.every((d) => d.status === "delivered" && d.attempts === 1 && d.lastStatus === 204)).toBe(true);
    expect(new Set(data.map((d) => d.webhookId))).toEqual(new Set(payloads.map((p) => p.id)));
  });

  it("sends an endpoint only the events it chose, and nothing for another surveyor's surveys", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/reports-only", ["survey.reported"]);
    const mine = await createSurvey(surveyor.id);
    const other = await createUser({ role: "surveyor" });
    const theirs = await createSurvey(other.id);
    const voter = await createUser();
    for (const survey of [mine, theirs]) {
      expect((await call(vote, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: "yes" } })).status).toBe(200);
      expect((await call(report, { method: "PUT", as: voter, params: { id: survey.id }, body: {} })).status).toBe(200);
    }
    await deliverAllNow();
    const payloads = receiver.verified(endpoint.secret, "/reports-only");
    expect(payloads.map((p) => [p.type, (p.data.survey as { id: string }).id])).toEqual([["survey.reported", mine.id]]);
  });

  it("tells of the owner's own unpublishing through /api/v1, without an earlier admin's feedback", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/withdrawn", ["survey.unpublished"]);
    const survey = await createSurvey(surveyor.id);
    const db = await getDb();
    await db.execute(sql`update surveys set feedback = 'An old note from an admin' where id = ${survey.id}`);
    const { key } = await createApiKey(surveyor.id, { name: "cms", scopes: ["surveys:write"] });
    expect((await call(unpublishOwn, { method: "POST", token: key, params: { id: survey.id } })).status).toBe(200);
    await deliverAllNow();
    const payloads = receiver.verified(endpoint.secret, "/withdrawn");
    expect(payloads).toMatchObject([{ type: "survey.unpublished", data: { survey: { id: survey.id, status: "unpublish" }, feedback: "" } }]);
  });
});

describe("retries", () => {
  it("a receiver failing twice gets the delivery on the third try, with the same webhook-id, after 5 s and 5 min", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/flaky", ["survey.reported"]);
    const survey = await createSurvey(surveyor.id);
    expect((await call(report, { method: "PUT", as: await createUser(), params: { id: survey.id }, body: {} })).status).toBe(200);
    receiver.failNext(2);
    const db = await getDb();
    const due = async () => {
      const [row] = await deliveryRows(endpoint.id);
      const [{ seconds }] = await queryRows<{ seconds: number }>(db, sql`select extract(epoch from next_attempt_at - now())::float as seconds from webhook_deliveries where id = ${row.id}`);
      return { row, seconds };
    };

    expect(await deliverDueWebhooks()).toEqual({ delivered: 0, retry: 1, failed: 0 });
    let state = await due();
    expect(state.row).toMatchObject({ attempts: 1, lastStatus: 500, lastError: "HTTP 500: receiver down", deliveredAt: null, failedAt: null });
    // 5 s ± 10 %: not due yet, so the job sends nothing now.
    expect(state.seconds).toBeGreaterThan(RETRY_DELAYS_SECONDS[0] * 0.9 - 1);
    expect(state.seconds).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[0] * 1.1);
    expect(await deliverDueWebhooks()).toEqual({ delivered: 0, retry: 0, failed: 0 });

    expect(await deliverAllNow()).toEqual({ delivered: 0, retry: 1, failed: 0 });
    state = await due();
    expect(state.row.attempts).toBe(2);
    expect(state.seconds).toBeGreaterThan(RETRY_DELAYS_SECONDS[1] * 0.9 - 1);
    expect(state.seconds).toBeLessThanOrEqual(RETRY_DELAYS_SECONDS[1] * 1.1);

    expect(await deliverAllNow()).toEqual({ delivered: 1, retry: 0, failed: 0 });
    expect((await deliveryRows(endpoint.id))[0]).toMatchObject({ attempts: 3, lastStatus: 204, lastError: null });
    expect(receiver.received).toHaveLength(3);
    const payloads = receiver.verified(endpoint.secret);
    expect(new Set(payloads.map((p) => p.id)).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it("does not follow a redirect (to loopback or anywhere): the attempt fails, recorded, and the target gets nothing", async () => {
    const target = await startReceiver();
    try {
      const { surveyor, endpoint } = await surveyorWithWebhook("/moved", ["survey.reported"]);
      receiver.answerAll({ status: 302, headers: { location: `${target.url}/elsewhere` } });
      const survey = await createSurvey(surveyor.id);
      expect((await call(report, { method: "PUT", as: await createUser(), params: { id: survey.id }, body: {} })).status).toBe(200);
      expect(await deliverDueWebhooks()).toEqual({ delivered: 0, retry: 1, failed: 0 });
      const [row] = await deliveryRows(endpoint.id);
      expect(row).toMatchObject({ lastStatus: 302, deliveredAt: null });
      expect(row.lastError).toBe(`HTTP 302 (redirects are not followed: ${target.url}/elsewhere)`);
      expect(target.received).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it("keeps only the start of a large answer", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/verbose", ["survey.reported"]);
    receiver.answerAll({ status: 500, body: "x".repeat(1_000_000) });
    const survey = await createSurvey(surveyor.id);
    expect((await call(report, { method: "PUT", as: await createUser(), params: { id: survey.id }, body: {} })).status).toBe(200);
    expect(await deliverDueWebhooks()).toEqual({ delivered: 0, retry: 1, failed: 0 });
    const [row] = await deliveryRows(endpoint.id);
    expect(row.lastError).toMatch(/^HTTP 500: x{900,}…$/);
    expect(row.lastError!.length).toBeLessThanOrEqual(1001);
  });

  it("gives up after the last attempt; five given up in a row turn the endpoint off, mail its owner once, audit it; turned on again, a given-up delivery is redelivered with its webhook-id", async () => {
    const { surveyor, key, endpoint } = await surveyorWithWebhook("/dead", ["survey.reported"]);
    receiver.answerAll({ status: 503, body: "gone fishing" });
    const db = await getDb();
    for (let i = 0; i < DISABLE_AFTER_FAILED_DELIVERIES; i++) {
      const survey = await createSurvey(surveyor.id);
      expect((await call(report, { method: "PUT", as: await createUser(), params: { id: survey.id }, body: {} })).status).toBe(200);
    }
    // A day of retries, as if they had happened: each delivery is at its last attempt.
    await db.update(webhookDeliveries).set({ attempts: MAX_ATTEMPTS - 1 }).where(eq(webhookDeliveries.endpointId, endpoint.id));
    expect(await deliverAllNow()).toEqual({ delivered: 0, retry: 0, failed: DISABLE_AFTER_FAILED_DELIVERIES });

    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row.disabledAt).not.toBeNull();
    expect(row.consecutiveFailures).toBe(DISABLE_AFTER_FAILED_DELIVERIES);
    const mail = await inbox(surveyor.email, /turned off/);
    expect(mail.subject).toBe("A webhook of your OPINEX account was turned off");
    expect(mail.text).toContain(`(id ${endpoint.id}): 5 deliveries in a row failed`);
    expect(smtp.mails.filter((m) => m.to === surveyor.email)).toHaveLength(1);
    const audits = await db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_disable"), eq(auditEvents.targetUserId, surveyor.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: null, newValue: `${receiver.url}/dead` });

    // Off: a new event queues nothing for it, and a redelivery is refused until it is on again.
    const later = await createSurvey(surveyor.id);
    expect((await call(report, { method: "PUT", as: await createUser(), params: { id: later.id }, body: {} })).status).toBe(200);
    expect(await deliveryRows(endpoint.id)).toHaveLength(DISABLE_AFTER_FAILED_DELIVERIES);
    const [given] = await deliveryRows(endpoint.id);
    const redeliverPath = { path: `/api/v1/webhooks/${endpoint.id}/deliveries/${given.id}/redeliver`, token: key, params: { id: endpoint.id, deliveryId: given.id } };
    expect((await call(redeliverRoute, { method: "POST", ...redeliverPath })).status).toBe(409);

    const on = await call(patchWebhook, { method: "PATCH", path: `/api/v1/webhooks/${endpoint.id}`, token: key, params: { id: endpoint.id }, body: { enabled: true } });
    expect(on.status).toBe(200);
    expect(on.json).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledAt: null });
    receiver.answerAll(null);
    receiver.received.length = 0;
    const again = await call(redeliverRoute, { method: "POST", ...redeliverPath });
    expect(again.status).toBe(202);
    expect(again.json).toMatchObject({ status: "pending", attempts: 0 });
    expect(await deliverDueWebhooks()).toEqual({ delivered: 1, retry: 0, failed: 0 });
    expect(receiver.verified(endpoint.secret).map((p) => p.id)).toEqual([`msg_${given.id.replace(/-/g, "")}`]);
    expect(receiver.received[0].body).toBe(JSON.stringify(given.payload));
  });
});

describe("batching of votes", () => {
  it("100 votes on one survey make a handful of deliveries, each with the latest totals, the last with the final ones", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/votes", ["vote.created"]);
    const survey = await createSurvey(surveyor.id);
    const voters = await Promise.all(Array.from({ length: 100 }, () => createUser()));
    let yes = 0;
    for (let wave = 0; wave < 4; wave++) {
      const answers = await Promise.all(
        voters.slice(wave * 25, wave * 25 + 25).map((voter, i) => {
          const value = i % 3 === 0 ? "no" : "yes";
          if (value === "yes") yes++;
          return call(vote, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: value } });
        }),
      );
      expect(answers.every((a) => a.status === 200)).toBe(true);
      // 25 votes, one pending delivery for the survey (due a few seconds after the first of them).
      const pending = (await deliveryRows(endpoint.id)).filter((row) => row.deliveredAt === null);
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ eventType: "vote.created", batchKey: `vote.created:${survey.id}`, attempts: 0 });
      expect(pending[0].nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 1000);
      expect(await deliverAllNow()).toEqual({ delivered: 1, retry: 0, failed: 0 });
    }
    const payloads = receiver.verified(endpoint.secret);
    expect(payloads).toHaveLength(4);
    const totals = payloads.map((p) => p.data.totals as { yes: number; no: number; total: number });
    expect(totals.map((t) => t.total)).toEqual([25, 50, 75, 100]);
    expect(totals.at(-1)).toEqual({ yes, no: 100 - yes, total: 100 });
  });
});

describe("several workers", () => {
  it("two workers running the job at once deliver each event once", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/two-workers", ["survey.reported"]);
    const reporters = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    const surveys = await Promise.all(Array.from({ length: 6 }, () => createSurvey(surveyor.id)));
    for (const survey of surveys) for (const reporter of reporters) await call(report, { method: "PUT", as: reporter, params: { id: survey.id }, body: {} });
    const queued = await deliveryRows(endpoint.id);
    expect(queued).toHaveLength(48);
    const [a, b] = await Promise.all([deliverDueWebhooks(), deliverDueWebhooks()]);
    expect(a.delivered + b.delivered).toBe(48);
    expect(receiver.received).toHaveLength(48);
    expect(new Set(receiver.verified(endpoint.secret).map((p) => p.id)).size).toBe(48);
  });

  it("a worker that dies mid-delivery leaves a lease; once it lapses another sends the same webhook-id again, and the dead one's late record changes nothing", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/crash", ["survey.reported"]);
    const survey = await createSurvey(surveyor.id);
    expect((await call(report, { method: "PUT", as: await createUser(), params: { id: survey.id }, body: {} })).status).toBe(200);
    receiver.hold();
    // The first worker claims it and sends it; the receiver holds the request: the worker "dies" here.
    const dying = deliverDueWebhooks(1);
    await receiver.waitFor((r) => r.length === 1);
    // While its lease holds, no other worker takes the delivery.
    expect(await deliverDueWebhooks()).toEqual({ delivered: 0, retry: 0, failed: 0 });
    const db = await getDb();
    const [claimed] = await deliveryRows(endpoint.id);
    expect(claimed.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    // The lease runs out (a minute later, in production).
    await db.update(webhookDeliveries).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(webhookDeliveries.id, claimed.id));
    // Another worker claims it and sends it again (held too) before the dead one's answer comes: released
    // first, that answer could be recorded before anyone claimed the delivery again.
    const second = deliverDueWebhooks();
    await receiver.waitFor((r) => r.length === 2);
    receiver.release();
    expect(await second).toEqual({ delivered: 1, retry: 0, failed: 0 });
    await dying;
    const [row] = await deliveryRows(endpoint.id);
    expect(row).toMatchObject({ attempts: 2, lastStatus: 204 });
    expect(row.deliveredAt).not.toBeNull();
    expect(receiver.received).toHaveLength(2);
    const ids = receiver.verified(endpoint.secret).map((p) => p.id);
    expect(ids[0]).toBe(ids[1]);
    expect(receiver.received[0].body).toBe(receiver.received[1].body);
  });
});

describe("rotating the secret", () => {
  it("signs with the new and the old secret for 24 hours, then with the new one alone", async () => {
    const { surveyor, key, endpoint } = await surveyorWithWebhook("/rotated", ["survey.reported"]);
    const rotated = await call(rotate, { method: "POST", path: `/api/v1/webhooks/${endpoint.id}/rotate`, token: key, params: { id: endpoint.id } });
    expect(rotated.status).toBe(200);
    const { secret, previousSecretExpiresAt } = rotated.json as { secret: string; previousSecretExpiresAt: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(secret).not.toBe(endpoint.secret);
    expect(Math.abs(new Date(previousSecretExpiresAt).getTime() - (Date.now() + 24 * 3600_000))).toBeLessThan(60_000);

    const reportOnce = async () => {
      const survey = await createSurvey(surveyor.id);
      expect((await call(report, { method: "PUT", as: await createUser(), params: { id: survey.id }, body: {} })).status).toBe(200);
      await deliverDueWebhooks();
    };
    await reportOnce();
    expect(receiver.received[0].signature.split(" ")).toHaveLength(2);
    expect(receiver.verified(secret)).toHaveLength(1);
    expect(receiver.verified(endpoint.secret)).toHaveLength(1);

    const db = await getDb();
    await db.update(webhookEndpoints).set({ previousSecretExpiresAt: new Date(Date.now() - 1000) }).where(eq(webhookEndpoints.id, endpoint.id));
    receiver.received.length = 0;
    await reportOnce();
    expect(receiver.received[0].signature.split(" ")).toHaveLength(1);
    expect(receiver.verified(secret)).toHaveLength(1);
    expect(() => receiver.verified(endpoint.secret)).toThrow("No matching signature found");
  });
});

describe("a suspended owner", () => {
  it("gets nothing while suspended; the waiting deliveries go once the suspension is lifted", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/suspended", ["survey.reported"]);
    const survey = await createSurvey(surveyor.id);
    const voter = await createUser();
    expect((await call(report, { method: "PUT", as: voter, params: { id: survey.id }, body: {} })).status).toBe(200);
    await suspendUser(surveyor.id, "Fake accounts voting together", admin.id);
    expect(await deliverAllNow()).toEqual({ delivered: 0, retry: 0, failed: 0 });
    expect(receiver.received).toHaveLength(0);
    await liftSuspension(surveyor.id, admin.id);
    expect(await deliverAllNow()).toEqual({ delivered: 1, retry: 0, failed: 0 });
    expect(receiver.verified(endpoint.secret).map((p) => p.type)).toEqual(["survey.reported"]);
  });
});

describe("housekeeping", () => {
  it("deletes deliveries older than 30 days once delivered or given up, and keeps the rest", async () => {
    const { surveyor, endpoint } = await surveyorWithWebhook("/old", ["survey.reported"]);
    const survey = await createSurvey(surveyor.id);
    const db = await getDb();
    const old = new Date(Date.now() - 31 * 86_400_000);
    const base = { endpointId: endpoint.id, eventType: "survey.reported", surveyId: survey.id, payload: {} };
    const rows = await db
      .insert(webhookDeliveries)
      .values([
        { ...base, createdAt: old, deliveredAt: old },
        { ...base, createdAt: old, failedAt: old },
        { ...base, createdAt: old, nextAttemptAt: new Date(Date.now() + 3600_000) },
        { ...base, deliveredAt: new Date() },
      ])
      .returning({ id: webhookDeliveries.id });
    expect(await purgeOldDeliveries()).toBe(2);
    expect((await deliveryRows(endpoint.id)).map((r) => r.id).sort()).toEqual([rows[2].id, rows[3].id].sort());
  });
});
