// /api/v1 through its real routes with real API keys: each call's scope, keys that are refused
// (unknown, revoked, someone else's, a session's token, a cookie), other people's surveys as unknown
// ones, and what each call answers.
import { randomUUID } from "node:crypto";
import { and, count, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DELETE as revoke } from "@/app/api/me/api-keys/[id]/route";
import { GET as one, PATCH as update } from "@/app/api/v1/surveys/[id]/route";
import { GET as results } from "@/app/api/v1/surveys/[id]/results/route";
import { POST as unpublish } from "@/app/api/v1/surveys/[id]/unpublish/route";
import { GET as voters } from "@/app/api/v1/surveys/[id]/voters/route";
import { GET as list, POST as create } from "@/app/api/v1/surveys/route";
import { getDb } from "@/lib/db";
import { createApiKey } from "@/lib/integrations/api-keys";
import type { ApiScope } from "@/lib/integrations/scopes";
import { apiKeys, auditEvents, surveys, users, votes } from "@/models";
import { allBut, keyOf, withKey } from "@/tests/api-keys";
import { createSurvey, createUser, surveyorsAndAdmin } from "@/tests/factories";
import { call } from "@/tests/http";
import { apiRouteFiles } from "@/tests/route-files";
import { sessionCookieFor } from "@/tests/session-cookie";

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const newSurvey = (title = "Made by a tool") => ({
  title,
  description: "A survey made through the API by a surveyor's own tool.",
  category: "Technology",
  deadline: day(20),
  questionTitle: "Is this useful?",
  questionDescription: "Answer yes or no.",
});

type Call = { handler: Parameters<typeof call>[0]; method: string; path: string; scope: ApiScope; survey: boolean; body?: unknown };
// Every /api/v1/surveys call (a test below checks none is missing), with a request it accepts.
const CALLS: Call[] = [
  { handler: list, method: "GET", path: "/api/v1/surveys", scope: "surveys:read", survey: false },
  { handler: create, method: "POST", path: "/api/v1/surveys", scope: "surveys:write", survey: false, body: newSurvey() },
  { handler: one, method: "GET", path: "/api/v1/surveys/{id}", scope: "surveys:read", survey: true },
  { handler: update, method: "PATCH", path: "/api/v1/surveys/{id}", scope: "surveys:write", survey: true, body: { title: "Renamed by a tool" } },
  { handler: unpublish, method: "POST", path: "/api/v1/surveys/{id}/unpublish", scope: "surveys:write", survey: true },
  { handler: results, method: "GET", path: "/api/v1/surveys/{id}/results", scope: "results:read", survey: true },
  { handler: voters, method: "GET", path: "/api/v1/surveys/{id}/voters", scope: "results:read", survey: true },
];
const label = (c: Call) => `${c.method} ${c.path}`;
const send = (c: Call, key: string, surveyId: string = randomUUID()) =>
  withKey(c.handler, key, { method: c.method, path: c.path.replace("{id}", surveyId), params: c.survey ? { id: surveyId } : {}, body: c.body });

async function surveyCount(ownerId: string) {
  const db = await getDb();
  return (await db.select({ n: count() }).from(surveys).where(eq(surveys.surveyorId, ownerId)))[0].n;
}

describe("/api/v1 scopes", () => {
  it("has a row here for every method of every /api/v1/surveys route file", () => {
    const onDisk = apiRouteFiles()
      .filter(({ file }) => file.startsWith("app/api/v1/surveys"))
      .flatMap(({ file, methods }) => methods.map((m) => `${m} ${file.replace(/^app/, "").replace(/\/route\.ts$/, "").replace("[id]", "{id}")}`));
    expect(onDisk.sort()).toEqual(CALLS.map(label).sort());
  });

  it.each(CALLS.map((c) => [label(c), c] as const))("%s: 403 naming its scope for a key without it, nothing done; let in with it", async (_, c) => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id);
    const lacking = await keyOf(owner, allBut(c.scope));
    const before = await surveyCount(owner.id);
    const refused = await send(c, lacking, survey.id);
    expect(refused.status).toBe(403);
    expect(refused.json.error).toMatchObject({ code: "forbidden" });
    expect(refused.json.error!.message).toContain(c.scope);
    expect(await surveyCount(owner.id)).toBe(before);
    const [row] = await (await getDb()).select({ status: surveys.status, title: surveys.title }).from(surveys).where(eq(surveys.id, survey.id));
    expect(row).toEqual({ status: "publish", title: survey.title });

    const allowed = await send(c, await keyOf(owner, [c.scope]), survey.id);
    expect(allowed.status, JSON.stringify(allowed.json)).toBe(c.method === "POST" && !c.survey ? 201 : 200);
  });
});

describe("/api/v1 keys refused", () => {
  it("answers 401 with WWW-Authenticate and the error shape without a key, with an unknown or malformed one, a session's token, or a cookie", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const forged = `opx_${"A".repeat(43)}`;
    const attempts: Parameters<typeof call>[1][] = [
      {},
      { token: forged },
      { token: key.slice(0, -1) },
      { token: `${key}x` },
      { headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString("base64")}` } },
      // The one-hour token of POST /api/jwt is for the first implementation's calls, not these.
      { as: owner },
      { headers: { cookie: await sessionCookieFor(owner) } },
    ];
    for (const attempt of attempts) {
      const res = await call(list, { path: "/api/v1/surveys", ...attempt });
      expect(res.status, JSON.stringify(attempt)).toBe(401);
      expect(res.json.error).toMatchObject({ code: "unauthorized" });
      expect((res.json.error as { requestId?: string }).requestId).toBeTruthy();
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="OPINEX"');
    }
    expect((await withKey(list, key, { path: "/api/v1/surveys" })).status).toBe(200);
  });

  it("refuses a key revoked on the account page at once (401), and records who revoked it", async () => {
    const owner = await createUser({ role: "surveyor" });
    const { id, key } = await createApiKey(owner.id, { name: "Spreadsheet", scopes: ["surveys:read"] });
    expect((await withKey(list, key)).status).toBe(200);
    const res = await call(revoke, { method: "DELETE", params: { id }, headers: { cookie: await sessionCookieFor(owner) } });
    expect(res.status).toBe(200);
    const refused = await withKey(list, key);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("ratelimit")).toBeNull();
    const db = await getDb();
    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.targetUserId, owner.id), eq(auditEvents.action, "api_key_revoke")));
    expect(audit).toMatchObject([{ actorId: owner.id, newValue: "Spreadsheet" }]);
  });

  it("refuses the key of a suspended or deleted account (401), and a key whose owner lost the role (403)", async () => {
    const db = await getDb();
    const suspended = await createUser({ role: "surveyor" });
    const deleted = await createUser({ role: "surveyor" });
    const demoted = await createUser({ role: "surveyor" });
    const keys = { suspended: await keyOf(suspended), deleted: await keyOf(deleted), demoted: await keyOf(demoted) };
    // Directly on the rows: the suspension service revokes keys itself (tested with it); this is the
    // wrapper's own check of the owner, for a key that somehow outlived them.
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    await db.update(users).set({ role: "user" }).where(eq(users.id, demoted.id));
    expect((await withKey(list, keys.suspended)).status).toBe(401);
    expect((await withKey(list, keys.deleted)).status).toBe(401);
    const res = await withKey(list, keys.demoted);
    expect(res.status).toBe(403);
    expect(res.json.error!.message).toBe("Your role does not allow this");
  });

  it("answers another person's survey as an unknown one (404) on every call, and changes nothing of it", async () => {
    const { owner, other, admin } = await surveyorsAndAdmin();
    const theirs = await createSurvey(owner.id, { title: "Not yours" });
    for (const stranger of [other, admin]) {
      const key = await keyOf(stranger);
      for (const c of CALLS.filter((c) => c.survey)) {
        const foreign = await send(c, key, theirs.id);
        const unknown = await send(c, key, randomUUID());
        // The same answer but for the request id: nothing tells a foreign survey from no survey.
        const withoutId = (error: unknown) => ({ ...(error as object), requestId: undefined });
        expect([label(c), foreign.status, withoutId(foreign.json.error)]).toEqual([label(c), 404, withoutId(unknown.json.error)]);
      }
      // Their own list holds none of it: an admin's key is for the admin's own surveys.
      const page = await withKey(list, key);
      expect(page.json).toEqual({ data: [], nextCursor: null });
    }
    const [row] = await (await getDb()).select().from(surveys).where(eq(surveys.id, theirs.id));
    expect(row).toMatchObject({ title: "Not yours", status: "publish" });
  });

  it("answers 404 for an id that cannot be a survey", async () => {
    const owner = await createUser({ role: "surveyor" });
    const res = await withKey(one, await keyOf(owner), { path: "/api/v1/surveys/x", params: { id: "not-a-uuid" } });
    expect(res.status).toBe(404);
  });
});

describe("/api/v1/surveys", () => {
  it("creates a survey with the site's own rules, answers it, and lists it; bad input is 400 and creates nothing", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const made = await withKey(create, key, { method: "POST", body: newSurvey("A tool's survey") });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ ...newSurvey("A tool's survey"), status: "publish", closed: false, yesCount: 0, noCount: 0, voidedCount: 0, resultsVisibility: "after_voting", feedback: null });
    expect(made.json.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    for (const bad of [
      { ...newSurvey(), deadline: day(-1) },
      { ...newSurvey(), title: "" },
      { ...newSurvey(), status: "unpublish" },
      { ...newSurvey(), yesCount: 100 },
      { ...newSurvey(), surveyorId: randomUUID() },
    ]) {
      const res = await withKey(create, key, { method: "POST", body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.json.error!.issues?.length).toBeGreaterThan(0);
    }
    expect(await surveyCount(owner.id)).toBe(1);
    const page = await withKey(list, key);
    expect(page.json).toEqual({ data: [made.json], nextCursor: null });
    expect((await withKey(one, key, { params: { id: made.json.id as string } })).json).toEqual(made.json);
  });

  it("changes the fields sent and keeps the others; refuses fields that are not the form's and an empty change", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const survey = await createSurvey(owner.id, { yesCount: 3 });
    const patch = (body: unknown) => withKey(update, key, { method: "PATCH", params: { id: survey.id }, body });
    const res = await patch({ title: "  New title  ", resultsVisibility: "after_deadline" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: survey.id, title: "New title", description: survey.description, resultsVisibility: "after_deadline", yesCount: 3 });
    for (const bad of [{}, { yesCount: 0 }, { status: "publish" }, { title: "" }, { deadline: day(-3) }]) {
      const refused = await patch(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
    }
    const [row] = await (await getDb()).select().from(surveys).where(eq(surveys.id, survey.id));
    expect(row).toMatchObject({ title: "New title", yesCount: 3, status: "publish" });
  });

  it("unpublishes the owner's survey: off the public site, audited as the owner's; again changes nothing", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const survey = await createSurvey(owner.id);
    const res = await withKey(unpublish, key, { method: "POST", params: { id: survey.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: survey.id, status: "unpublish" });
    expect((await withKey(unpublish, key, { method: "POST", params: { id: survey.id } })).json).toMatchObject({ status: "unpublish" });
    const db = await getDb();
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.targetSurveyId, survey.id));
    expect(audit).toMatchObject([{ action: "survey_status", actorId: owner.id, oldValue: "publish", newValue: "unpublish" }]);
  });

  it("answers the results with their stats to the owner even while the public waits for the deadline", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { yesCount: 30, noCount: 10, resultsVisibility: "after_deadline" });
    const res = await withKey(results, await keyOf(owner, ["results:read"]), { params: { id: survey.id } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ surveyId: survey.id, yesCount: 30, noCount: 10, voidedCount: 0, closed: false });
    const stats = res.json.stats as { n: number; share: number; interval: { low: number; high: number; level: number }; verdict: string; text: string };
    expect(stats).toMatchObject({ n: 40, share: 0.75, verdict: "Yes leads", interval: { level: 0.95 } });
    expect(stats.interval.low).toBeCloseTo(0.5981, 3);
    expect(stats.interval.high).toBeCloseTo(0.8581, 3);
    expect(stats.text).toContain("Most voters said Yes: 75% of 40 votes.");
  });
});

describe("/api/v1/surveys/{id}/voters", () => {
  it("lists what the dashboard shows of each voter, in voting order, without voided votes, a deleted account as a name only", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id);
    const db = await getDb();
    const ann = await createUser({ name: "Ann" });
    const gone = await createUser({ name: "Gone" });
    const voided = await createUser({ name: "Voided" });
    await db.insert(votes).values({ surveyId: survey.id, userId: ann.id, vote: "yes", comment: "Sure", createdAt: new Date(Date.now() - 3000) });
    await db.insert(votes).values({ surveyId: survey.id, userId: gone.id, vote: "no", createdAt: new Date(Date.now() - 2000) });
    await db.insert(votes).values({ surveyId: survey.id, userId: voided.id, vote: "no", voidedAt: new Date(), createdAt: new Date(Date.now() - 1000) });
    await db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    const res = await withKey(voters, await keyOf(owner, ["results:read"]), { params: { id: survey.id } });
    expect(res.json).toEqual({
      data: [
        { name: "Ann", email: ann.email, vote: "yes", comment: "Sure", votedAt: expect.any(String) },
        { name: "Deleted account", email: null, vote: "no", comment: null, votedAt: expect.any(String) },
      ],
      nextCursor: null,
    });
  });
});

describe("cursor paging", () => {
  it("pages the owner's surveys newest first, with no duplicate and no skip while surveys are added between pages", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    // Four within one millisecond (microseconds apart, two in the same microsecond, which the id orders):
    // a cursor that kept only a JS Date's milliseconds would skip or repeat some of them.
    const at = new Date(Date.now() - 60_000);
    const db = await getDb();
    for (let i = 0; i < 7; i++) await createSurvey(owner.id, { title: `Old ${i}`, createdAt: new Date(at.getTime() + (i < 4 ? 0 : i)) });
    for (const [title, micros] of [["Old 0", 700], ["Old 1", 300], ["Old 2", 300], ["Old 3", 100]] as const) {
      await db.update(surveys).set({ createdAt: sql`${at.toISOString()}::timestamptz + make_interval(secs => ${micros / 1e6})` }).where(and(eq(surveys.surveyorId, owner.id), eq(surveys.title, title)));
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await withKey(list, key, { path: `/api/v1/surveys?limit=3${cursor ? `&cursor=${cursor}` : ""}` });
      expect(res.status).toBe(200);
      const page = res.json as unknown as { data: { title: string }[]; nextCursor: string | null };
      seen.push(...page.data.map((s) => s.title));
      cursor = page.nextCursor;
      // Added between pages: newer than all, so before the first page, never in the later ones.
      await createSurvey(owner.id, { title: `New ${pages}` });
      pages++;
    } while (cursor);
    expect(seen.filter((t) => t.startsWith("Old")).sort()).toEqual(["Old 0", "Old 1", "Old 2", "Old 3", "Old 4", "Old 5", "Old 6"]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.filter((t) => t.startsWith("New"))).toEqual([]);
    expect(pages).toBe(3);
  });

  it("pages voters in voting order: a vote cast meanwhile comes at the end, none repeated or skipped", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner, ["results:read"]);
    const survey = await createSurvey(owner.id);
    const db = await getDb();
    const castVote = async (name: string) => {
      const voter = await createUser({ name });
      await db.insert(votes).values({ surveyId: survey.id, userId: voter.id, vote: "yes" });
    };
    for (let i = 0; i < 5; i++) await castVote(`Early ${i}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let added = 0;
    do {
      const res = await withKey(voters, key, { path: `/api/v1/surveys/${survey.id}/voters?limit=2${cursor ? `&cursor=${cursor}` : ""}`, params: { id: survey.id } });
      const page = res.json as unknown as { data: { name: string }[]; nextCursor: string | null };
      seen.push(...page.data.map((v) => v.name));
      cursor = page.nextCursor;
      if (added < 2) await castVote(`Late ${added++}`);
    } while (cursor);
    expect(seen).toEqual(["Early 0", "Early 1", "Early 2", "Early 3", "Early 4", "Late 0", "Late 1"]);
  });

  it("refuses a cursor it did not give (400) and a limit out of range (400)", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    for (const query of ["cursor=nonsense", `cursor=${Buffer.from('{"t":"x","id":"y"}').toString("base64url")}`, "cursor=%00", "limit=0", "limit=101", "limit=abc"]) {
      const res = await withKey(list, key, { path: `/api/v1/surveys?${query}` });
      expect(res.status, query).toBe(400);
      expect(res.json.error).toMatchObject({ code: "bad_request" });
    }
  });
});

describe("the account page's keys", () => {
  it("keeps only the key's SHA-256 and first characters", async () => {
    const owner = await createUser({ role: "surveyor" });
    const { id, key } = await createApiKey(owner.id, { name: "Hash check", scopes: ["surveys:read"] });
    const [row] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(key).toMatch(/^opx_[A-Za-z0-9_-]{43}$/);
    expect(row.prefix).toBe(key.slice(0, 12));
    expect(row.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(key.slice(12));
  });
});
