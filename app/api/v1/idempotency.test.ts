// Idempotency-Key on the /api/v1 POSTs, through the real create route: the same key and request answer
// the first answer again and create nothing; another request under the key is 422; one still in flight
// is 409; a failure on our side (5xx) gives the key back; keys are per account and kept a day.
import { randomUUID } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/lib/db";
import { purgeIdempotencyKeys } from "@/lib/integrations/idempotency";
import { idempotencyKeys, surveys } from "@/models";
import { keyOf, withKey } from "@/tests/api-keys";
import { createSurvey, createUser } from "@/tests/factories";

// The site's create, made to fail once on demand (a lost database connection, say) or to wait.
const control = vi.hoisted(() => ({ failNext: false, gate: null as Promise<void> | null }));
vi.mock("@/lib/surveys/workspace", async () => {
  const actual = await vi.importActual<typeof import("@/lib/surveys/workspace")>("@/lib/surveys/workspace");
  return {
    ...actual,
    createSurvey: async (...args: Parameters<typeof actual.createSurvey>) => {
      if (control.gate) await control.gate;
      if (control.failNext) {
        control.failNext = false;
        throw new Error("connection lost");
      }
      return actual.createSurvey(...args);
    },
  };
});

const { POST: create } = await import("@/app/api/v1/surveys/route");
const { POST: unpublish } = await import("@/app/api/v1/surveys/[id]/unpublish/route");

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const body = (title = "Idempotent survey") => ({
  title,
  description: "Sent twice by a tool that lost the first answer.",
  category: "Health",
  deadline: day(10),
  questionTitle: "Once?",
  questionDescription: "Only one survey should exist.",
});
const post = (key: string, idempotencyKey: string | undefined, sent: unknown = body()) =>
  withKey(create, key, { method: "POST", path: "/api/v1/surveys", body: sent, headers: idempotencyKey === undefined ? {} : { "idempotency-key": idempotencyKey } });

async function surveysOf(ownerId: string) {
  const db = await getDb();
  return (await db.select({ n: count() }).from(surveys).where(eq(surveys.surveyorId, ownerId)))[0].n;
}

describe("Idempotency-Key on POST /api/v1/surveys", () => {
  it("answers the same key and body with the first answer again, and creates one survey", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const idem = randomUUID();
    const first = await post(key, idem);
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await post(key, idem);
    expect(again.status).toBe(201);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    // The key's rate-limit fields are on the replay too: it is a request like any other.
    expect(again.headers.get("ratelimit")).toMatch(/^"default";r=\d+;t=\d+$/);
    expect(await surveysOf(owner.id)).toBe(1);
    // Without a key, each request is its own.
    expect((await post(key, undefined)).status).toBe(201);
    expect(await surveysOf(owner.id)).toBe(2);
  });

  it("refuses the same key with another body (422) or another path, creating nothing", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const idem = randomUUID();
    expect((await post(key, idem)).status).toBe(201);
    const other = await post(key, idem, body("Another survey"));
    expect(other.status).toBe(422);
    expect(other.json.error).toMatchObject({ code: "unprocessable" });
    expect(other.json.error!.message).toContain("Idempotency-Key");
    const survey = await createSurvey(owner.id);
    const elsewhere = await withKey(unpublish, key, { method: "POST", path: `/api/v1/surveys/${survey.id}/unpublish`, params: { id: survey.id }, headers: { "idempotency-key": idem } });
    expect(elsewhere.status).toBe(422);
    expect(await surveysOf(owner.id)).toBe(2);
    const [row] = await (await getDb()).select({ status: surveys.status }).from(surveys).where(eq(surveys.id, survey.id));
    expect(row.status).toBe("publish");
  });

  it("creates one survey for the same key sent at once: the others wait their turn (409) or replay", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const idem = randomUUID();
    let open!: () => void;
    control.gate = new Promise((resolve) => (open = resolve));
    const racing = Array.from({ length: 5 }, () => post(key, idem));
    // The first claims the key and waits inside the create; the others find it claimed.
    await vi.waitFor(async () => {
      const db = await getDb();
      expect((await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, idem))).length).toBe(1);
    });
    const settledEarly = await Promise.race([Promise.all(racing.slice(1)), new Promise((r) => setTimeout(() => r(null), 2000))]);
    control.gate = null;
    open();
    const answers = await Promise.all(racing);
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    expect(settledEarly, "the others are answered without waiting for the first").not.toBeNull();
    for (const refused of answers.filter((a) => a.status === 409)) expect(refused.json.error!.message).toContain("still in progress");
    expect(await surveysOf(owner.id)).toBe(1);
    // Once it is done, the same key replays its answer.
    const replay = await post(key, idem);
    expect([replay.status, replay.headers.get("idempotent-replayed")]).toEqual([201, "true"]);
  });

  it("gives the key back when the first attempt fails on our side (500), so a retry with it creates the survey", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const idem = randomUUID();
    control.failNext = true;
    const failed = await post(key, idem);
    expect(failed.status).toBe(500);
    expect(await surveysOf(owner.id)).toBe(0);
    const retried = await post(key, idem);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    expect(await surveysOf(owner.id)).toBe(1);
  });

  it("gives the key back after a refusal (4xx), which did nothing: the corrected request may use it", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const idem = randomUUID();
    const refused = await post(key, idem, { ...body(), deadline: day(-2) });
    expect(refused.status).toBe(400);
    expect(await surveysOf(owner.id)).toBe(0);
    const corrected = await post(key, idem);
    expect([corrected.status, corrected.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await surveysOf(owner.id)).toBe(1);
  });

  it("keeps keys per account: another account's same key is its own", async () => {
    const [ann, bob] = [await createUser({ role: "surveyor" }), await createUser({ role: "surveyor" })];
    const idem = "shared-key-1";
    const first = await post(await keyOf(ann), idem);
    const second = await post(await keyOf(bob), idem);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.json.id).not.toBe(first.json.id);
    expect(second.headers.get("idempotent-replayed")).toBeNull();
  });

  it("refuses a key that cannot be one (400), creating nothing", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    for (const idem of ["x".repeat(256), "with space", "tab\there", "é"]) {
      const res = await post(key, idem);
      expect(res.status, idem).toBe(400);
      expect(res.json.error!.message).toContain("Idempotency-Key");
    }
    expect((await post(key, "x".repeat(255))).status).toBe(201);
    expect(await surveysOf(owner.id)).toBe(1);
  });

  it("forgets a key after a day: the purge removes it, and a key past its day is claimed anew", async () => {
    const owner = await createUser({ role: "surveyor" });
    const key = await keyOf(owner);
    const db = await getDb();
    const [old, stale] = [randomUUID(), randomUUID()];
    expect((await post(key, old)).status).toBe(201);
    expect((await post(key, stale)).status).toBe(201);
    await db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.userId, owner.id));
    const again = await post(key, stale);
    expect([again.status, again.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await surveysOf(owner.id)).toBe(3);
    expect(await purgeIdempotencyKeys()).toBeGreaterThanOrEqual(1);
    const left = await db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(eq(idempotencyKeys.userId, owner.id));
    expect(left).toEqual([{ key: stale }]);
  });
});
