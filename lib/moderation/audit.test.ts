import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AuditList } from "@/components/admin/audit-list";
import { describeAuditEvent } from "@/lib/moderation/audit-text";
import { getDb } from "@/lib/db";
import { deletedEmailOf } from "@/lib/accounts/deleted-account";
import { users, votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { listLatestAudit, recordAudit } from "./audit";
import { setSurveyStatus } from "./moderation";
import { setRole } from "@/lib/accounts/roles";
import { liftSuspension, restoreVotes, suspendUser, voidVotes } from "./suspension";

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

  it("the admin overview names each audited change for what it is and whom it touched", async () => {
    const db = await getDb();
    const admin = await createUser({ role: "admin", email: "trail-admin@test.example" });
    const suspect = await createUser({ email: "trail-suspect@test.example" });
    const self = await createUser({ email: "trail-self@test.example" });
    const gone = await createUser({ email: "trail-gone@test.example" });
    const survey = await createSurvey((await createUser({ role: "surveyor" })).id, { title: "Trail survey", yesCount: 2 });
    const other = await createSurvey((await createUser({ role: "surveyor" })).id, { title: "Other survey", noCount: 1 });
    await db.insert(votes).values([
      { surveyId: survey.id, userId: suspect.id, vote: "yes" },
      { surveyId: other.id, userId: suspect.id, vote: "no" },
    ]);
    // The actions themselves, through their services, and the account's own changes as their call sites record them.
    await db.transaction((tx) => setRole(tx, { userId: suspect.id, from: "user", to: "pro_user", actorId: admin.id }));
    await setSurveyStatus({ actorId: admin.id, surveyId: survey.id, status: "unpublish", feedbackMessage: "Please cite a source" });
    await suspendUser(suspect.id, "Fake accounts voting together", admin.id);
    await voidVotes(suspect.id, "Brigade of fake accounts", admin.id);
    await restoreVotes(suspect.id, admin.id);
    await liftSuspension(suspect.id, admin.id);
    for (const action of ["password_reset", "password_change", "email_change"] as const) {
      await db.transaction((tx) => recordAudit(tx, { actorId: self.id, action, targetUserId: self.id }));
    }
    await db.transaction((tx) => recordAudit(tx, { actorId: gone.id, action: "account_delete", targetUserId: gone.id }));
    await db.update(users).set({ email: deletedEmailOf(gone.id), deletedAt: new Date() }).where(eq(users.id, gone.id));

    const entries = await listLatestAudit(50);
    const sentences = entries.map((e) => describeAuditEvent(e).text);
    expect(sentences.slice(0, 10).reverse()).toEqual([
      "trail-admin@test.example changed the role of trail-suspect@test.example: User → Pro user.",
      "trail-admin@test.example unpublished survey “Trail survey”: published → unpublished. Feedback: Please cite a source",
      "trail-admin@test.example suspended trail-suspect@test.example. Reason: Fake accounts voting together",
      "trail-admin@test.example voided the votes of trail-suspect@test.example: 2 votes voided. Reason: Brigade of fake accounts",
      "trail-admin@test.example counted again the voided votes of trail-suspect@test.example: 2 votes counted again.",
      "trail-admin@test.example lifted the suspension of trail-suspect@test.example. Suspended for: Fake accounts voting together",
      "trail-self@test.example reset, with a mailed link, the password of their own account.",
      "trail-self@test.example changed the password of their own account.",
      "trail-self@test.example changed, with a mailed link, the email address of their own account.",
      `A deleted account (#${gone.id.slice(0, 8)}) deleted their own account.`,
    ]);

    // The page's list, rendered: what the audit found there before is gone.
    const html = renderToStaticMarkup(await AuditList({ limit: 10 }));
    expect(html).toContain("trail-suspect@test.example");
    expect(html).toContain("Reason:</span> Fake accounts voting together");
    expect(html).toContain("2 votes voided");
    for (const wrong of ["a deleted survey", "none → none", "none → 2", "active → suspended", "Feedback:</span> Fake", "changed the status of"]) {
      expect(html).not.toContain(wrong);
    }
  });
});
