import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { createSurvey, createUser } from "@/tests/factories";
import { listLatestAudit, recordAudit } from "./audit";

describe("audit trail", () => {
  it("records inside the caller's transaction (rolled back with it) and allows a system actor", async () => {
    const db = await getDb();
    const person = await createUser({ email: "audited@test.example" });
    await expect(
      db.transaction(async (tx) => {
        await recordAudit(tx, { actorId: null, action: "role_change", targetUserId: person.id, oldValue: "user", newValue: "pro_user" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await listLatestAudit(50)).filter((e) => e.targetUserEmail === person.email)).toHaveLength(0);

    await db.transaction((tx) => recordAudit(tx, { actorId: null, action: "role_change", targetUserId: person.id, oldValue: "user", newValue: "pro_user" }));
    const [entry] = (await listLatestAudit(50)).filter((e) => e.targetUserEmail === person.email);
    expect(entry).toMatchObject({ actorEmail: null, action: "role_change", oldValue: "user", newValue: "pro_user" });
  });

  it("lists the latest entries first with the actor's and target's names", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin", email: "auditor@test.example" });
    const survey = await createSurvey((await createUser({ role: "surveyor" })).id, { title: "Audited survey" });
    await db.transaction((tx) =>
      recordAudit(tx, { actorId: admin.id, action: "survey_status", targetSurveyId: survey.id, oldValue: "publish", newValue: "unpublish", feedback: "Why" }),
    );
    const [latest] = await listLatestAudit(1);
    expect(latest).toMatchObject({
      actorEmail: "auditor@test.example",
      action: "survey_status",
      targetSurveyTitle: "Audited survey",
      targetUserEmail: null,
      oldValue: "publish",
      newValue: "unpublish",
      feedback: "Why",
    });
    expect((await listLatestAudit(1000)).length).toBeLessThanOrEqual(50);
  });
});
