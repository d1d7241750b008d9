// The /api/v1/webhooks calls: an API key with `webhooks:write` manages its owner's endpoints, and only
// theirs (another's is 404); the secret is answered once; lists are cursor pages; bad input is a 400
// that changes nothing; the cap per account; each change audited.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deleteAccount } from "@/lib/accounts/account";
import { accountExportStream } from "@/lib/accounts/account-export";
import { getDb } from "@/lib/db";
import { createApiKey } from "@/lib/integrations/api-keys";
import { openWebhookSecret } from "@/lib/integrations/webhooks/signing";
import { auditEvents, webhookDeliveries, webhookEndpoints } from "@/models";
import { PASSWORD, personWithData } from "@/tests/account-data";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET as getOne, DELETE as remove, PATCH as patch } from "./[id]/route";
import { GET as deliveries } from "./[id]/deliveries/route";
import { POST as redeliver } from "./[id]/deliveries/[deliveryId]/redeliver/route";
import { POST as rotate } from "./[id]/rotate/route";
import { GET as list, POST as add } from "./route";

const URL_A = "https://hooks.example.com/opinex";

async function keyed(scopes: ("webhooks:write" | "surveys:read")[] = ["webhooks:write"], role: "surveyor" | "admin" | "user" = "surveyor") {
  const user = await createUser({ role });
  const { key } = await createApiKey(user.id, { name: "tools", scopes: scopes as never });
  return { user, key };
}

const addAs = (key: string, body: unknown) => call(add, { method: "POST", path: "/api/v1/webhooks", token: key, body });

async function endpointCount(userId: string) {
  const db = await getDb();
  return (await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId))).length;
}

describe("POST /api/v1/webhooks", () => {
  it("adds an endpoint and answers its secret once: whsec_, kept encrypted, never listed again; audited", async () => {
    const { user, key } = await keyed();
    const answer = await addAs(key, { url: URL_A, events: ["vote.created", "survey.closed", "vote.created"] });
    expect(answer.status).toBe(201);
    const created = answer.json as { id: string; secret: string };
    expect(answer.json).toMatchObject({ url: URL_A, events: ["vote.created", "survey.closed"], enabled: true, consecutiveFailures: 0, disabledAt: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), "base64")).toHaveLength(32);
    expect(answer.headers.get("cache-control")).toBe("no-store");

    const db = await getDb();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(row.secret).not.toContain(created.secret.slice(6, 20));
    expect(openWebhookSecret(row.secret, row.id)).toBe(created.secret);
    // Bound to its row: copied into another endpoint's row, it does not open.
    expect(openWebhookSecret(row.secret, crypto.randomUUID())).toBeNull();

    const listed = await call(list, { path: "/api/v1/webhooks", token: key });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.json)).not.toContain("whsec_");
    const one = await call(getOne, { path: `/api/v1/webhooks/${created.id}`, token: key, params: { id: created.id } });
    expect(one.json).not.toHaveProperty("secret");

    const audits = await db.select().from(auditEvents).where(and(eq(auditEvents.action, "webhook_create"), eq(auditEvents.targetUserId, user.id)));
    expect(audits.map((a) => [a.actorId, a.newValue])).toEqual([[user.id, URL_A]]);
  });

  it.each([
    [{ url: "http://hooks.example.com/x", events: ["vote.created"] }, "url", "url must be an https:// URL"],
    [{ url: "https://ann:pw@hooks.example.com/x", events: ["vote.created"] }, "url", "url cannot contain a user name or password"],
    [{ url: "https://127.0.0.1/x", events: ["vote.created"] }, "url", "url's host 127.0.0.1 is an internal address (loopback)"],
    [{ url: "https://[fd00::1]/x", events: ["vote.created"] }, "url", "url's host fd00::1 is an internal address (uniqueLocal)"],
    [{ url: "https://169.254.169.254/latest", events: ["vote.created"] }, "url", "url's host 169.254.169.254 is an internal address (linkLocal)"],
    [{ url: "https://localhost/x", events: ["vote.created"] }, "url", "url cannot point to this server (localhost)"],
    [{ url: "ftp://hooks.example.com/x", events: ["vote.created"] }, "url", "url must be an absolute https:// URL"],
    [{ url: "/relative", events: ["vote.created"] }, "url", "url must be an absolute https:// URL"],
    [{ url: `https://hooks.example.com/${"a".repeat(2000)}`, events: ["vote.created"] }, "url", "url can be at most 2000 characters"],
    [{ url: URL_A, events: [] }, "events", "Choose at least one event"],
    [{ url: URL_A, events: ["vote.deleted"] }, "events.0", "events must be some of survey.published, survey.unpublished, survey.closed, vote.created, survey.reported"],
    [{ url: URL_A }, "events", "events must be a list of event names"],
    [{ url: URL_A, events: ["vote.created"], secret: "whsec_mine" }, "", 'Unrecognized key: "secret"'],
  ])("refuses %j with 400 on %s, and adds nothing", async (body, path, message) => {
    const { user, key } = await keyed();
    const answer = await addAs(key, body);
    expect(answer.status).toBe(400);
    expect(answer.json.error?.issues?.[0]).toEqual({ path, message });
    expect(await endpointCount(user.id)).toBe(0);
  });

  it("holds an account to 10 endpoints (429), even when asked for several at once; deleting one gives its place back", async () => {
    const { user, key } = await keyed();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => addAs(key, { url: `${URL_A}/${i}`, events: ["vote.created"] })));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(10);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(2);
    expect(refused[0].json.error?.message).toBe("This account has 10 webhooks, the most it can have. Delete one to add another.");
    expect(await endpointCount(user.id)).toBe(10);
    const first = answers.find((a) => a.status === 201)!.json as { id: string };
    expect((await call(remove, { method: "DELETE", path: `/api/v1/webhooks/${first.id}`, token: key, params: { id: first.id } })).status).toBe(200);
    expect((await addAs(key, { url: `${URL_A}/again`, events: ["vote.created"] })).status).toBe(201);
  });
});

describe("who may call", () => {
  it("wants an API key with webhooks:write, of a surveyor or an admin: no key 401, a session token 401, another scope 403, a user's key 403", async () => {
    const body = { url: URL_A, events: ["vote.created"] };
    const { user } = await keyed();
    expect((await call(add, { method: "POST", path: "/api/v1/webhooks", body })).status).toBe(401);
    expect((await call(add, { method: "POST", path: "/api/v1/webhooks", as: user, body })).status).toBe(401);
    const other = await keyed(["surveys:read"]);
    expect((await addAs(other.key, body)).status).toBe(403);
    const voter = await keyed(["webhooks:write"], "user");
    expect((await addAs(voter.key, body)).status).toBe(403);
    const admin = await keyed(["webhooks:write"], "admin");
    expect((await addAs(admin.key, body)).status).toBe(201);
    for (const caller of [user, other.user, voter.user]) expect(await endpointCount(caller.id)).toBe(0);
  });

  it("answers 404 for another account's endpoint and its deliveries, to every call, and changes nothing", async () => {
    const owner = await keyed();
    const intruder = await keyed();
    const created = (await addAs(owner.key, { url: URL_A, events: ["survey.reported"] })).json as { id: string; secret: string };
    const survey = await createSurvey(owner.user.id);
    const db = await getDb();
    const [delivery] = await db
      .insert(webhookDeliveries)
      .values({ endpointId: created.id, eventType: "survey.reported", surveyId: survey.id, payload: { type: "survey.reported" }, deliveredAt: new Date(), attempts: 1 })
      .returning();
    const params = { id: created.id };
    const as = { token: intruder.key, path: `/api/v1/webhooks/${created.id}` };
    expect((await call(getOne, { ...as, params })).status).toBe(404);
    expect((await call(patch, { ...as, method: "PATCH", params, body: { enabled: true } })).status).toBe(404);
    expect((await call(rotate, { ...as, method: "POST", params })).status).toBe(404);
    expect((await call(deliveries, { ...as, params })).status).toBe(404);
    expect((await call(redeliver, { ...as, method: "POST", params: { id: created.id, deliveryId: delivery.id } })).status).toBe(404);
    expect((await call(remove, { ...as, method: "DELETE", params })).status).toBe(404);
    // Nor through an endpoint of the intruder's own: a delivery of another endpoint is no delivery of theirs.
    const theirs = (await addAs(intruder.key, { url: URL_A, events: ["survey.reported"] })).json as { id: string };
    expect((await call(redeliver, { ...as, method: "POST", params: { id: theirs.id, deliveryId: delivery.id } })).status).toBe(404);

    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(openWebhookSecret(row.secret, row.id)).toBe(created.secret);
    const [kept] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(kept.deliveredAt).not.toBeNull();
    // Ids that cannot be ids are 404 too.
    expect((await call(getOne, { token: owner.key, path: "/api/v1/webhooks/not-an-id", params: { id: "not-an-id" } })).status).toBe(404);
  });
});

describe("the lists", () => {
  it("pages the endpoints newest first with a cursor, none twice, none skipped; a forged cursor is 400", async () => {
    const { key } = await keyed();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(((await addAs(key, { url: `${URL_A}/${i}`, events: ["vote.created"] })).json as { id: string }).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `limit=2${cursor ? `&cursor=${cursor}` : ""}`;
      const page = await call(list, { path: `/api/v1/webhooks?${query}`, token: key });
      expect(page.status).toBe(200);
      const body = page.json as { data: { id: string }[]; nextCursor: string | null };
      seen.push(...body.data.map((d) => d.id));
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const forged = await call(list, { path: "/api/v1/webhooks?cursor=bm90LWEtY3Vyc29y", token: key });
    expect(forged.status).toBe(400);
    expect((await call(list, { path: "/api/v1/webhooks?limit=0", token: key })).status).toBe(400);
    expect((await call(list, { path: "/api/v1/webhooks?limit=101", token: key })).status).toBe(400);
  });

  it("lists an endpoint's deliveries newest first with their state", async () => {
    const { user, key } = await keyed();
    const created = (await addAs(key, { url: URL_A, events: ["survey.reported"] })).json as { id: string };
    const survey = await createSurvey(user.id);
    const db = await getDb();
    const rows = [];
    for (let i = 0; i < 3; i++) {
      const [row] = await db
        .insert(webhookDeliveries)
        .values({ endpointId: created.id, eventType: "survey.reported", surveyId: survey.id, payload: { n: i }, createdAt: new Date(Date.now() - (3 - i) * 1000) })
        .returning();
      rows.push(row);
    }
    await db.update(webhookDeliveries).set({ failedAt: new Date(), attempts: 7, lastStatus: 500, lastError: "HTTP 500: down" }).where(eq(webhookDeliveries.id, rows[0].id));
    const page = await call(deliveries, { path: `/api/v1/webhooks/${created.id}/deliveries?limit=2`, token: key, params: { id: created.id } });
    expect(page.status).toBe(200);
    const body = page.json as { data: { id: string; status: string }[]; nextCursor: string };
    expect(body.data.map((d) => d.id)).toEqual([rows[2].id, rows[1].id]);
    expect(body.data[0]).toMatchObject({ status: "pending", webhookId: `msg_${rows[2].id.replace(/-/g, "")}`, event: "survey.reported", attempts: 0 });
    const next = await call(deliveries, { path: `/api/v1/webhooks/${created.id}/deliveries?limit=2&cursor=${body.nextCursor}`, token: key, params: { id: created.id } });
    expect((next.json as { data: unknown[]; nextCursor: null }).data).toEqual([
      expect.objectContaining({ id: rows[0].id, status: "failed", attempts: 7, lastStatus: 500, lastError: "HTTP 500: down", nextAttemptAt: null }),
    ]);
    expect(next.json.nextCursor).toBeNull();
  });
});

describe("rotating, turning on, deleting", () => {
  it("rotates the secret (audited), keeping the old one 24 hours; PATCH only turns on; DELETE removes it and its deliveries (audited)", async () => {
    const { user, key } = await keyed();
    const created = (await addAs(key, { url: URL_A, events: ["survey.reported"] })).json as { id: string; secret: string };
    const params = { id: created.id };
    const path = `/api/v1/webhooks/${created.id}`;
    const rotated = await call(rotate, { method: "POST", path: `${path}/rotate`, token: key, params });
    expect(rotated.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(openWebhookSecret(row.secret, row.id)).toBe((rotated.json as { secret: string }).secret);
    expect(openWebhookSecret(row.previousSecret!, row.id)).toBe(created.secret);
    expect((await call(getOne, { path, token: key, params })).json).toMatchObject({ previousSecretExpiresAt: row.previousSecretExpiresAt!.toISOString() });

    expect((await call(patch, { method: "PATCH", path, token: key, params, body: { enabled: false } })).status).toBe(400);
    expect((await call(patch, { method: "PATCH", path, token: key, params, body: { url: "https://elsewhere.example.com/" } })).status).toBe(400);
    expect((await call(patch, { method: "PATCH", path, token: key, params, body: { enabled: true } })).json).toMatchObject({ enabled: true, url: URL_A });

    const survey = await createSurvey(user.id);
    await db.insert(webhookDeliveries).values({ endpointId: created.id, eventType: "survey.reported", surveyId: survey.id, payload: {} });
    expect((await call(remove, { method: "DELETE", path, token: key, params })).status).toBe(200);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id))).toEqual([]);
    expect((await call(getOne, { path, token: key, params })).status).toBe(404);
    expect((await call(remove, { method: "DELETE", path, token: key, params })).status).toBe(404);
    const actions = await db.select({ action: auditEvents.action }).from(auditEvents).where(eq(auditEvents.targetUserId, user.id));
    expect(actions.map((a) => a.action).sort()).toEqual(["api_key_create", "webhook_create", "webhook_delete", "webhook_rotate"]);
  });
});

describe("the account's data", () => {
  it("the export lists the person's webhooks without their secrets; deleting the account removes them and stops their deliveries", async () => {
    const { person } = await personWithData("Hooker", { role: "surveyor" });
    const { key } = await createApiKey(person.id, { name: "tools", scopes: ["webhooks:write"] });
    const created = (await addAs(key, { url: URL_A, events: ["survey.closed"] })).json as { id: string; secret: string };
    const survey = await createSurvey(person.id);
    const db = await getDb();
    await db.insert(webhookDeliveries).values({ endpointId: created.id, eventType: "survey.closed", surveyId: survey.id, payload: {} });

    const exported = JSON.parse(await new Response(await accountExportStream(person.id)).text()) as { webhooks: unknown[] };
    expect(exported.webhooks).toEqual([{ url: URL_A, events: ["survey.closed"], createdAt: expect.any(String), disabledAt: null }]);
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(JSON.stringify(exported)).not.toContain(created.secret.slice(6));
    expect(JSON.stringify(exported)).not.toContain(row.secret);

    await deleteAccount({ id: person.id, sessionId: null }, { password: PASSWORD }, "127.0.0.1");
    expect(await endpointCount(person.id)).toBe(0);
    expect(await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id))).toEqual([]);
  });
});
