import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as suspendRoute } from "@/app/api/users/[id]/suspension/route";
import { getDb } from "@/lib/db";
import { listParticipatedSurveys } from "@/lib/votes/votes";
import { participantStats } from "@/lib/dashboards/dashboard-stats";
import { listVoters, votesPerDay } from "@/lib/surveys/voters";
import { castVote } from "@/lib/votes/votes";
import { NOT_SUSPENDED_VOID } from "@/lib/moderation/suspension";
import { listUsers } from "@/lib/accounts/users";
import { auditEvents, surveys, votes } from "@/models";
import { expectAdminOnly } from "@/tests/admin";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { revalidated } from "@/tests/next-cache-stub";
import { DELETE, POST } from "./route";

const path = (id: string) => `/api/users/${id}/votes/void`;
const voidOf = (as: { id: string } | null, id: string, body: unknown = { reason: "Brigade of fake accounts" }) =>
  call(POST, { method: "POST", path: path(id), as, params: { id }, body });
const restoreOf = (as: { id: string } | null, id: string) => call(DELETE, { method: "DELETE", path: path(id), as, params: { id } });
const suspend = (as: { id: string }, id: string) =>
  call(suspendRoute, { method: "POST", path: `/api/users/${id}/suspension`, as, params: { id }, body: { reason: "fake" } });

async function countsOf(id: string) {
  const db = await getDb();
  const [row] = await db.select({ yes: surveys.yesCount, no: surveys.noCount, voided: surveys.voidedCount }).from(surveys).where(eq(surveys.id, id));
  return row;
}

async function voidAudits(userId: string) {
  const db = await getDb();
  return db.select().from(auditEvents).where(and(eq(auditEvents.targetUserId, userId)));
}

/** A suspect who voted yes on two surveys and no on a third, among honest voters. */
async function scene() {
  const admin = await createUser({ role: "admin" });
  const owner = await createUser({ role: "surveyor" });
  const [a, b, c] = [await createSurvey(owner.id), await createSurvey(owner.id), await createSurvey(owner.id)];
  const honest = await createUser();
  const suspect = await createUser();
  for (const s of [a, b, c]) await castVote({ surveyId: s.id, userId: honest.id, role: "user", vote: "yes" });
  await castVote({ surveyId: a.id, userId: suspect.id, role: "user", vote: "yes" });
  await castVote({ surveyId: b.id, userId: suspect.id, role: "user", vote: "yes", comment: null });
  await castVote({ surveyId: c.id, userId: suspect.id, role: "user", vote: "no" });
  return { admin, owner, honest, suspect, surveys: [a, b, c] };
}

describe("POST/DELETE /api/users/{id}/votes/void", () => {
  it("voids exactly the suspended account's votes: counts drop by them, voided_count rises, one audit row, caches refreshed; twice changes nothing", async () => {
    const { admin, suspect, surveys: [a, b, c] } = await scene();
    expect(await countsOf(a.id)).toEqual({ yes: 2, no: 0, voided: 0 });
    expect(await countsOf(c.id)).toEqual({ yes: 1, no: 1, voided: 0 });
    await suspend(admin, suspect.id);

    revalidated.length = 0;
    const res = await voidOf(admin, suspect.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: suspect.id, voided: 3, surveys: 3 });
    expect(await countsOf(a.id)).toEqual({ yes: 1, no: 0, voided: 1 });
    expect(await countsOf(b.id)).toEqual({ yes: 1, no: 0, voided: 1 });
    expect(await countsOf(c.id)).toEqual({ yes: 1, no: 0, voided: 1 });
    for (const s of [a, b, c]) expect(revalidated).toContain(`survey:${s.id}`);

    // The rows stay (marked), so the account still cannot vote again.
    const db = await getDb();
    const rows = await db.select().from(votes).where(eq(votes.userId, suspect.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((r) => r.voidedAt !== null)).toBe(true);

    const audits = (await voidAudits(suspect.id)).filter((e) => e.action === "votes_void");
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: admin.id, newValue: "3", feedback: "Brigade of fake accounts" });

    // Every list and count leaves them out.
    expect(await listVoters(a.id, { limit: 50, offset: 0 })).toHaveLength(1);
    expect((await votesPerDay({ id: a.id, createdAt: a.createdAt.toISOString(), deadline: a.deadline })).reduce((n, d) => n + d.yes + d.no, 0)).toBe(1);
    expect(await listParticipatedSurveys(suspect.id)).toEqual([]);
    expect((await participantStats(suspect.id)).voted).toBe(0);

    // Manage Users shows the voided vote to restore, none left to void.
    const [listed] = (await listUsers({ q: suspect.email })).rows;
    expect(listed).toMatchObject({ id: suspect.id, countedVotes: 0, voidedVotes: 3 });

    // The kept row still holds the one vote per person: the account cannot vote again.
    await expect(castVote({ surveyId: a.id, userId: suspect.id, role: "user", vote: "no" })).rejects.toThrow("You have already voted on this survey");

    // Twice: nothing changes, no second audit row.
    const again = await voidOf(admin, suspect.id);
    expect(again.json).toEqual({ id: suspect.id, voided: 0, surveys: 0 });
    expect(await countsOf(a.id)).toEqual({ yes: 1, no: 0, voided: 1 });
    expect((await voidAudits(suspect.id)).filter((e) => e.action === "votes_void")).toHaveLength(1);
  });

  it("restores: the counts come back exactly, voided_count goes down, audited; restoring twice changes nothing", async () => {
    const { admin, suspect, surveys: [a, , c] } = await scene();
    await suspend(admin, suspect.id);
    await voidOf(admin, suspect.id);
    const res = await restoreOf(admin, suspect.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ id: suspect.id, restored: 3, surveys: 3 });
    expect(await countsOf(a.id)).toEqual({ yes: 2, no: 0, voided: 0 });
    expect(await countsOf(c.id)).toEqual({ yes: 1, no: 1, voided: 0 });
    // The votes over time count them again.
    expect((await votesPerDay({ id: c.id, createdAt: c.createdAt.toISOString(), deadline: c.deadline })).reduce((n, d) => n + d.yes + d.no, 0)).toBe(2);
    expect((await listUsers({ q: suspect.email })).rows[0]).toMatchObject({ countedVotes: 3, voidedVotes: 0 });
    expect((await restoreOf(admin, suspect.id)).json).toEqual({ id: suspect.id, restored: 0, surveys: 0 });
    const restores = (await voidAudits(suspect.id)).filter((e) => e.action === "votes_restore");
    expect(restores).toHaveLength(1);
    expect(restores[0]).toMatchObject({ actorId: admin.id, newValue: "3" });
    expect(await listParticipatedSurveys(suspect.id)).toHaveLength(3);
  });

  it("refuses an account that is not suspended (409), non-admins and bad input, changing nothing", async () => {
    const { admin, suspect, surveys: [a] } = await scene();
    const notSuspended = await voidOf(admin, suspect.id);
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.json.error?.message).toBe(NOT_SUSPENDED_VOID);
    await suspend(admin, suspect.id);
    await expectAdminOnly(POST, { method: "POST", path: path(suspect.id), body: { reason: "x" } });
    await expectAdminOnly(DELETE, { method: "DELETE", path: path(suspect.id) });
    for (const body of [{}, { reason: "" }, { reason: "x".repeat(501) }, { reason: ["x"] }]) {
      expect((await voidOf(admin, suspect.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await voidOf(admin, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await voidOf(admin, "nope")).status).toBe(404);
    expect(await countsOf(a.id)).toEqual({ yes: 2, no: 0, voided: 0 });
    expect((await voidAudits(suspect.id)).filter((e) => e.action !== "account_suspend")).toHaveLength(0);
  });
});
