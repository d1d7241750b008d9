// An API key works for /api/v1 alone: on any other call it names no one, so it can never reach an
// account, payment or admin call, whatever its owner's role and scopes, and with or without a cookie.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listKeys, POST as makeKey } from "@/app/api/me/api-keys/route";
import { POST as confirmUpgrade } from "@/app/api/update_role/[email]/route";
import { POST as paymentIntent } from "@/app/api/create-payment-intent/route";
import { GET as me, PATCH as rename, DELETE as deleteAccount } from "@/app/api/me/route";
import { POST as jwt } from "@/app/api/jwt/route";
import { GET as legacyVoters } from "@/app/api/survey/[id]/voters/route";
import { POST as setStatus } from "@/app/api/update_survey_status/route";
import { POST as setRole } from "@/app/api/update_role/route";
import { POST as suspend } from "@/app/api/users/[id]/suspension/route";
import { getDb } from "@/lib/db";
import { apiKeys } from "@/models";
import { keyOf } from "@/tests/api-keys";
import { createSurvey, createUser, surveyorsAndAdmin, userRow } from "@/tests/factories";
import { call } from "@/tests/http";
import { sessionCookieFor } from "@/tests/session-cookie";

describe("an API key outside /api/v1", () => {
  it("names no one on GET /api/me", async () => {
    const owner = await createUser({ role: "surveyor" });
    const res = await call(me, { token: await keyOf(owner) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ user: null });
  });

  it("is refused (401, saying keys are for /api/v1) on account, payment, admin and the first implementation's calls, and changes nothing", async () => {
    const { owner, other, admin } = await surveyorsAndAdmin();
    const survey = await createSurvey(owner.id);
    const ownerKey = await keyOf(owner);
    const adminKey = await keyOf(admin);
    const attempts: [string, Parameters<typeof call>[0], Parameters<typeof call>[1]][] = [
      ["PATCH /api/me", rename, { method: "PATCH", token: ownerKey, body: { name: "Renamed by a key" } }],
      ["DELETE /api/me", deleteAccount, { method: "DELETE", token: ownerKey, body: { password: "whatever" } }],
      ["POST /api/jwt", jwt, { method: "POST", token: ownerKey, body: { email: owner.email } }],
      ["GET /api/me/api-keys", listKeys, { token: ownerKey }],
      ["POST /api/me/api-keys", makeKey, { method: "POST", token: ownerKey, body: { name: "Another", scopes: ["surveys:read"] } }],
      ["POST /api/create-payment-intent", paymentIntent, { method: "POST", token: ownerKey, body: {} }],
      ["POST /api/update_role/{email}", confirmUpgrade, { method: "POST", token: ownerKey, params: { email: owner.email }, body: { role: "pro_user" } }],
      ["GET /api/survey/{id}/voters", legacyVoters, { token: ownerKey, params: { id: survey.id } }],
      ["POST /api/update_role (admin's key)", setRole, { method: "POST", token: adminKey, body: { email: other.email, role: "admin" } }],
      ["POST /api/update_survey_status (admin's key)", setStatus, { method: "POST", token: adminKey, body: { id: survey.id, status: "unpublish", feedbackMessage: "By a key" } }],
      ["POST /api/users/{id}/suspension (admin's key)", suspend, { method: "POST", token: adminKey, params: { id: other.id }, body: { reason: "By a key" } }],
    ];
    for (const [name, handler, options] of attempts) {
      const res = await call(handler, options);
      expect([name, res.status, res.json.error?.code]).toEqual([name, 401, "unauthorized"]);
      expect(res.json.error!.message).toContain("/api/v1");
    }
    expect(await userRow(owner.id)).toMatchObject({ name: owner.name, deletedAt: null });
    expect(await userRow(other.id)).toMatchObject({ role: "surveyor", suspendedAt: null });
    const db = await getDb();
    expect(await db.select({ id: apiKeys.id }).from(apiKeys).where(eq(apiKeys.userId, owner.id))).toHaveLength(1);
  });

  it("beside the owner's own session cookie still names no one: the header wins, as for any bearer", async () => {
    const owner = await createUser({ role: "surveyor" });
    const cookie = await sessionCookieFor(owner);
    const res = await call(listKeys, { token: await keyOf(owner), headers: { cookie } });
    expect(res.status).toBe(401);
    expect((await call(listKeys, { headers: { cookie } })).status).toBe(200);
  });
});
