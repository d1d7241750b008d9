// Without WEBHOOK_ALLOW_PRIVATE, a webhook never reaches this machine or its networks: adding an
// endpoint on 127.0.0.1, [::1] or localhost is refused, and so is every delivery to such an endpoint
// (one added while the switch was on, or a name whose address changed), though a receiver listens
// there. (WEBHOOK_ALLOW_HTTP is on only so that the refusal is for the address, not the scheme.)
// Without mail, the close job still queues survey.closed when a webhook wants it.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.WEBHOOK_ALLOW_HTTP = "true";
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  delete process.env.SMTP_URL;
});

const { POST: addWebhook } = await import("@/app/api/v1/webhooks/route");
const { getDb } = await import("@/lib/db");
const { createApiKey } = await import("@/lib/integrations/api-keys");
const { deliverDueWebhooks } = await import("./delivery");
const { queueWebhookEvent } = await import("./queue");
const { newWebhookSecret, sealWebhookSecret } = await import("./signing");
const { announceClosedSurveys } = await import("@/lib/surveys/notifications");
const { mailOutbox, surveys, webhookDeliveries, webhookEndpoints } = await import("@/models");
const { createSurvey, createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { startReceiver } = await import("@/tests/webhook-receiver");

type Receiver = Awaited<ReturnType<typeof startReceiver>>;
let v4: Receiver;
let v6: Receiver;

beforeAll(async () => {
  v4 = await startReceiver();
  v6 = await startReceiver({ host: "::1" });
});
afterAll(async () => {
  await v4.close();
  await v6.close();
});

describe("without WEBHOOK_ALLOW_PRIVATE", () => {
  it("refuses to add an endpoint on loopback, and stores nothing", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const { key } = await createApiKey(surveyor.id, { name: "tools", scopes: ["webhooks:write"] });
    for (const [url, message] of [
      [`${v4.url}/hook`, "url's host 127.0.0.1 is an internal address (loopback)"],
      [`${v6.url}/hook`, "url's host ::1 is an internal address (loopback)"],
      [`http://localhost:${v4.port}/hook`, "url cannot point to this server (localhost)"],
      [`http://[::ffff:127.0.0.1]:${v4.port}/hook`, "url's host ::ffff:7f00:1 is an internal address (loopback)"],
      ["http://169.254.169.254/latest/meta-data/", "url's host 169.254.169.254 is an internal address (linkLocal)"],
      ["http://10.0.0.1/hook", "url's host 10.0.0.1 is an internal address (private)"],
    ]) {
      const answer = await call(addWebhook, { method: "POST", path: "/api/v1/webhooks", token: key, body: { url, events: ["survey.reported"] } });
      expect(answer.status, url).toBe(400);
      expect(answer.json.error).toMatchObject({ code: "bad_request", message, issues: [{ path: "url", message }] });
    }
    const db = await getDb();
    expect(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, surveyor.id))).toHaveLength(0);
  });

  it("refuses every delivery to 127.0.0.1, [::1] and localhost: recorded as failed attempts, and the receivers get nothing", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const db = await getDb();
    // Endpoints as if added while the switch was on (or whose name now resolves to loopback).
    const urls = [`${v4.url}/a`, `${v6.url}/b`, `http://localhost:${v4.port}/c`, `http://localhost:${v6.port}/d`];
    for (const url of urls) {
      const id = crypto.randomUUID();
      await db.insert(webhookEndpoints).values({ id, userId: surveyor.id, url, events: ["survey.reported"], secret: sealWebhookSecret(newWebhookSecret(), id) });
    }
    expect(await db.transaction((tx) => queueWebhookEvent(tx, "survey.reported", survey.id))).toBe(4);
    expect(await deliverDueWebhooks()).toEqual({ delivered: 0, retry: 4, failed: 0 });
    const rows = await db
      .select({ url: webhookEndpoints.url, lastError: webhookDeliveries.lastError, lastStatus: webhookDeliveries.lastStatus })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(eq(webhookEndpoints.userId, surveyor.id));
    expect(Object.fromEntries(rows.map((r) => [r.url, [r.lastStatus, r.lastError]]))).toEqual({
      [urls[0]]: [null, "Refused: url's host 127.0.0.1 is an internal address (loopback)"],
      [urls[1]]: [null, "Refused: url's host ::1 is an internal address (loopback)"],
      [urls[2]]: [null, "Refused: url cannot point to this server (localhost)"],
      [urls[3]]: [null, "Refused: url cannot point to this server (localhost)"],
    });
    expect(v4.received).toHaveLength(0);
    expect(v6.received).toHaveLength(0);
  });

  it("queues survey.closed on a site without mail, in the close job's claim, and no mail", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const db = await getDb();
    const id = crypto.randomUUID();
    await db.insert(webhookEndpoints).values({ id, userId: surveyor.id, url: "https://hooks.example.com/closed", events: ["survey.closed"], secret: sealWebhookSecret(newWebhookSecret(), id) });
    const closed = await createSurvey(surveyor.id, { deadlineInDays: -1, yesCount: 2, noCount: 5 });
    expect(await announceClosedSurveys()).toBeGreaterThanOrEqual(1);
    const [delivery] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id));
    expect(delivery).toMatchObject({ eventType: "survey.closed", surveyId: closed.id, payload: { type: "survey.closed", data: { results: { yes: 2, no: 5, total: 7 } } } });
    const [survey] = await db.select({ at: surveys.closeNotifiedAt }).from(surveys).where(eq(surveys.id, closed.id));
    expect(survey.at).not.toBeNull();
    expect(await db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)).toEqual([{ n: 0 }]);
  });
});
