// POST /api/survey/{id}/review-request against a real database, with the site's mail configured (the
// admins' mails are read from the outbox, where the ask's transaction queues them).
import { and, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { SITE_URL, mailSite } from "@/tests/mail-site";

await mailSite();

const { getDb } = await import("@/lib/db");
const { hitKey, limitMax } = await import("@/lib/limits/apply");
const { setSurveyStatus } = await import("@/lib/moderation/moderation");
const { REVIEW_ALREADY_REQUESTED, REVIEW_ONLY_UNPUBLISHED } = await import("@/lib/surveys/review-schema");
const { auditEvents, limitHits, mailOutbox, surveys, users } = await import("@/models");
const { createSurvey, createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");
const { POST } = await import("./route");

type Person = { id: string; email: string };
const ask = (as: Person | null, id: string) => call(POST, { method: "POST", as, params: { id } });

async function surveyRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(surveys).where(eq(surveys.id, id));
  return row;
}

async function reviewMails(surveyId: string) {
  const db = await getDb();
  const rows = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, "review_requested"));
  return rows.filter((m) => m.textBody.includes(`/dashboard/admin/surveys/${surveyId}`));
}

/** A surveyor's survey an admin unpublished with feedback. */
async function unpublished(admin: Person, feedback = "Please cite a source.") {
  const surveyor = await createUser({ role: "surveyor", name: "Sam Surveyor" });
  const survey = await createSurvey(surveyor.id, { title: "Bikes in the park" });
  await setSurveyStatus({ actorId: admin.id, surveyId: survey.id, status: "unpublish", feedbackMessage: feedback });
  return { surveyor, survey };
}

let admins: Person[] = [];

beforeEach(async () => {
  const db = await getDb();
  await db.delete(mailOutbox);
  // Every admin of this file's database is mailed: start each test with two of its own.
  await db.update(users).set({ role: "user" }).where(eq(users.role, "admin"));
  admins = [await createUser({ role: "admin", name: "Ada Admin" }), await createUser({ role: "admin", name: "Bo Admin" })];
});

describe("POST /api/survey/{id}/review-request", () => {
  it("records the ask, audits it and queues one mail per admin with the feedback and the admin's view of the survey", async () => {
    const db = await getDb();
    const suspended = await createUser({ role: "admin" });
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspended.id));
    const unverified = await createUser({ role: "admin", emailVerified: null });
    const { surveyor, survey } = await unpublished(admins[0], "Please cite a <source>.");

    const res = await ask(surveyor, survey.id);
    expect(res.status).toBe(200);
    expect(Object.keys(res.json)).toEqual(["reviewRequestedAt"]);
    const row = await surveyRow(survey.id);
    expect(row.reviewRequestedAt?.toISOString()).toBe(res.json.reviewRequestedAt);
    expect(row).toMatchObject({ status: "unpublish", feedback: "Please cite a <source>." });

    const audit = await db.select().from(auditEvents).where(and(eq(auditEvents.targetSurveyId, survey.id), eq(auditEvents.action, "review_request")));
    expect(audit).toEqual([expect.objectContaining({ actorId: surveyor.id, targetUserId: null })]);

    const mails = await reviewMails(survey.id);
    expect(mails.map((m) => m.toAddress).sort()).toEqual(admins.map((a) => a.email).sort());
    expect(mails.map((m) => m.toAddress)).not.toContain(suspended.email);
    expect(mails.map((m) => m.toAddress)).not.toContain(unverified.email);
    for (const mail of mails) {
      expect(mail.subject).toBe("Review requested: Bikes in the park");
      expect(mail.textBody).toContain(`Sam Surveyor (${surveyor.email.replace(/\.(?=\w)/g, "[.]")})`);
      expect(mail.textBody).toContain("Please cite a <source>.");
      expect(mail.htmlBody).toContain("Please cite a &lt;source&gt;.");
      expect(mail.textBody).toContain(`${SITE_URL}/dashboard/admin/surveys/${survey.id}`);
      // The admins' work, whatever their "news of my own surveys" preference: no unsubscribe link.
      expect(mail.headers).toBeNull();
    }
  });

  it("is the survey's own surveyor's only: another surveyor and an admin 403, a voter 403, signed out 401, unknown 404", async () => {
    const { survey } = await unpublished(admins[0]);
    const other = await createUser({ role: "surveyor" });
    expect((await ask(other, survey.id)).status).toBe(403);
    expect((await ask(admins[0], survey.id)).status).toBe(403);
    expect((await ask(await createUser(), survey.id)).status).toBe(403);
    expect((await ask(await createUser({ role: "pro_user" }), survey.id)).status).toBe(403);
    expect((await ask(null, survey.id)).status).toBe(401);
    expect((await ask(other, "0badf00d-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await ask(other, "not-an-id")).status).toBe(404);
    expect((await surveyRow(survey.id)).reviewRequestedAt).toBeNull();
    expect(await reviewMails(survey.id)).toEqual([]);
  });

  it("lets an admin ask about a survey of their own, mailing the other admins", async () => {
    const own = await createSurvey(admins[0].id, { status: "unpublish" });
    expect((await ask(admins[0], own.id)).status).toBe(200);
    expect((await reviewMails(own.id)).map((m) => m.toAddress)).toEqual([admins[1].email]);
  });

  it("refuses a published survey and a second ask (409); the admin's next decision clears the request and allows another", async () => {
    const db = await getDb();
    const { surveyor, survey } = await unpublished(admins[0]);
    const published = await createSurvey(surveyor.id);
    const refusedPublished = await ask(surveyor, published.id);
    expect(refusedPublished.status).toBe(409);
    expect(refusedPublished.json.error?.message).toBe(REVIEW_ONLY_UNPUBLISHED);

    const first = await ask(surveyor, survey.id);
    expect(first.status).toBe(200);
    const second = await ask(surveyor, survey.id);
    expect(second.status).toBe(409);
    expect(second.json.error?.message).toBe(REVIEW_ALREADY_REQUESTED);
    expect((await surveyRow(survey.id)).reviewRequestedAt?.toISOString()).toBe(first.json.reviewRequestedAt);
    expect(await reviewMails(survey.id)).toHaveLength(2);

    // Unpublished again, even with the same feedback: the admin has answered, the surveyor may ask again.
    expect(await setSurveyStatus({ actorId: admins[1].id, surveyId: survey.id, status: "unpublish", feedbackMessage: "Please cite a source." })).toEqual({ modifiedCount: 1 });
    expect((await surveyRow(survey.id)).reviewRequestedAt).toBeNull();
    // The surveyor hears of the answer as of the first unpublish: the unpublished mail, with the feedback.
    const unpublishedMails = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, "survey_unpublished"), eq(mailOutbox.toAddress, surveyor.email)));
    expect(unpublishedMails).toHaveLength(2);
    // Without a request pending, the same decision again still changes nothing.
    expect(await setSurveyStatus({ actorId: admins[1].id, surveyId: survey.id, status: "unpublish", feedbackMessage: "Please cite a source." })).toEqual({ modifiedCount: 0 });
    expect((await ask(surveyor, survey.id)).status).toBe(200);

    // Publishing clears it too; the survey published, there is nothing to ask for.
    await setSurveyStatus({ actorId: admins[0].id, surveyId: survey.id, status: "publish" });
    expect(await surveyRow(survey.id)).toMatchObject({ status: "publish", reviewRequestedAt: null });
    expect((await ask(surveyor, survey.id)).status).toBe(409);
    const decisions = await db.select().from(auditEvents).where(eq(auditEvents.targetSurveyId, survey.id));
    expect(decisions.filter((e) => e.action === "review_request")).toHaveLength(2);
  });

  it(`refuses the ask after ${limitMax("reviews.account")} in an hour (429, Retry-After), counting refused ones, changing nothing`, async () => {
    const db = await getDb();
    const { surveyor, survey } = await unpublished(admins[0]);
    const published = await createSurvey(surveyor.id);
    for (let i = 0; i < limitMax("reviews.account"); i++) expect((await ask(surveyor, published.id)).status).toBe(409);
    const refused = await ask(surveyor, survey.id);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("3600");
    expect(refused.json.error?.code).toBe("too_many_requests");
    expect((await surveyRow(survey.id)).reviewRequestedAt).toBeNull();
    expect(await reviewMails(survey.id)).toEqual([]);

    // An hour later the asks no longer count.
    const key = hitKey("reviews.account", surveyor.id);
    await db.update(limitHits).set({ createdAt: new Date(Date.now() - 61 * 60_000) }).where(inArray(limitHits.key, [key]));
    expect((await ask(surveyor, survey.id)).status).toBe(200);
  });
});
