// Mail that brings people back, against a real SMTP server: a closed survey's result to those who
// asked (once, even with two workers at once), the surveyor's news, one-click unsubscribe.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { mailRoutes, mailSite } from "@/tests/mail-site";

const { smtp } = await mailSite();

const { POST: unsubscribe } = await import("@/app/api/unsubscribe/route");
const { GET: getPreferences, PATCH: patchPreferences } = await import("@/app/api/me/mail-preferences/route");
const { vote } = await mailRoutes();
const { getDb } = await import("@/lib/db");
const { deliverDueMail } = await import("@/lib/mail/outbox");
const { unsubscribeToken } = await import("@/lib/mail/unsubscribe");
const { setSurveyStatus } = await import("@/lib/moderation/moderation");
const { announceClosedSurveys, resultSummary } = await import("./notifications");
const { mailOutbox, surveys, users, votes } = await import("@/models");
const { createSurvey, createUser } = await import("@/tests/factories");
const { call } = await import("@/tests/http");

beforeEach(async () => {
  const db = await getDb();
  await db.delete(mailOutbox);
});

async function closedSurveyWithVoters() {
  const db = await getDb();
  const surveyor = await createUser({ role: "surveyor", name: "Sam Surveyor" });
  const survey = await createSurvey(surveyor.id, { title: `Closed ${Math.random().toString(36).slice(2, 8)}`, deadlineInDays: -2, yesCount: 2, noCount: 1 });
  const asked = [await createUser({ name: "Asker One" }), await createUser({ name: "Asker Two" })];
  const silent = await createUser({ name: "Did not ask" });
  const unverified = await createUser({ emailVerified: null });
  await db.insert(votes).values([
    { surveyId: survey.id, userId: asked[0].id, vote: "yes", notifyResult: true },
    { surveyId: survey.id, userId: asked[1].id, vote: "yes", notifyResult: true },
    { surveyId: survey.id, userId: silent.id, vote: "no" },
    { surveyId: survey.id, userId: unverified.id, vote: "no", notifyResult: true },
  ]);
  return { surveyor, survey, asked, silent, unverified };
}

describe("the close job", () => {
  it("mails the result to the voters who asked and the news to the surveyor, once, even with two workers at once", async () => {
    const { surveyor, survey, asked, silent, unverified } = await closedSurveyWithVoters();
    const open = await createSurvey(surveyor.id, { deadlineInDays: 3 });
    const runs = await Promise.all([announceClosedSurveys(), announceClosedSurveys()]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await announceClosedSurveys()).toBe(0);
    await deliverDueMail();

    const to = (email: string) => smtp.mails.filter((m) => m.to === email);
    for (const person of asked) {
      const [mail] = to(person.email);
      expect(to(person.email)).toHaveLength(1);
      expect(mail.subject).toBe(`The result: ${survey.title}`);
      expect(mail.text).toContain((await resultSummary(2, 1)).line);
      // The counts, then the plain reading, the margin and the verdict with its reason (2 of 3: Wilson [0.2077, 0.9385]).
      expect(mail.text).toContain(
        "Yes 2, No 1. Most voters said Yes: 67% of 3 votes. With so few votes, the true share saying Yes could be anywhere from 21% to 94%. Too few votes to tell: it takes at least 10 votes to call a result.",
      );
      expect(mail.html).toContain("Too few votes to tell: it takes at least 10 votes to call a result.");
      expect(mail.header("List-Unsubscribe")).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/);
      expect(mail.header("List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
      expect(mail.text).toContain("Stop these emails: http://localhost:3000/unsubscribe?token=");
    }
    expect(to(silent.email)).toHaveLength(0);
    expect(to(unverified.email)).toHaveLength(0);
    const [news] = to(surveyor.email);
    expect(news.subject).toBe(`Your survey has closed: ${survey.title}`);
    expect(news.text).toContain(`http://localhost:3000/dashboard/surveyor/surveys/${survey.id}`);
    expect(news.text).toContain((await resultSummary(2, 1)).line);
    const db = await getDb();
    const [row] = await db.select({ at: surveys.closeNotifiedAt }).from(surveys).where(eq(surveys.id, open.id));
    expect(row.at).toBeNull();
  });

  it("stops the next mail after a one-click unsubscribe; a forged or altered link changes nothing", async () => {
    const { survey, asked } = await closedSurveyWithVoters();
    const db = await getDb();
    // Not yet announced: undo nothing, just unsubscribe the first asker before the job runs.
    const token = unsubscribeToken(asked[0].id, "results");
    const forged = `${asked[1].id}.results.${token.split(".")[2]}`;
    expect((await call(unsubscribe, { method: "POST", path: `/api/unsubscribe?token=${encodeURIComponent(forged)}`, rawBody: "List-Unsubscribe=One-Click" })).status).toBe(400);
    expect((await call(unsubscribe, { method: "POST", path: `/api/unsubscribe?token=${encodeURIComponent(token.replace("results", "survey-news"))}` })).status).toBe(400);
    const done = await call(unsubscribe, {
      method: "POST",
      path: `/api/unsubscribe?token=${encodeURIComponent(token)}`,
      rawBody: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(done.status).toBe(200);
    const prefs = await db.select({ id: users.id, results: users.mailResults }).from(users).where(sql`${users.id} in (${asked[0].id}, ${asked[1].id})`);
    expect(Object.fromEntries(prefs.map((p) => [p.id, p.results]))).toEqual({ [asked[0].id]: false, [asked[1].id]: true });

    await announceClosedSurveys();
    await deliverDueMail();
    expect(smtp.mails.filter((m) => m.subject === `The result: ${survey.title}`).map((m) => m.to)).toEqual([asked[1].email]);
  });
});

describe("the result in a mail", () => {
  it("says the counts, then the plain reading, the margin and the verdict with its reason, as the pages do", async () => {
    // 52 of 84: Wilson [0.5122, 0.7155].
    expect((await resultSummary(52, 32)).line).toBe(
      "Yes 52, No 32. Most voters said Yes: 62% of 84 votes. With this many votes, the true share saying Yes could be anywhere from 51% to 72%. Yes leads: even the low end of that range is above 50%.",
    );
    expect((await resultSummary(55, 45)).line).toMatch(/^Yes 55, No 45\. .* Too close to call: that range includes 50%, so either answer could be the majority\.$/);
    expect((await resultSummary(1234, 1)).line).toMatch(/^Yes 1,234, No 1\. Nearly every voter said Yes: 1,234 of 1,235 votes\. /);
    expect(await resultSummary(0, 0)).toEqual({ yesCount: 0, noCount: 0, line: "Nobody voted." });
  });
});

describe("the surveyor's news and the preferences", () => {
  it("mails the surveyor when an admin unpublishes a survey, with the feedback; not when turned off", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const admin = await createUser({ role: "admin" });
    const survey = await createSurvey(surveyor.id, { title: "To be unpublished" });
    await setSurveyStatus({ actorId: admin.id, surveyId: survey.id, status: "unpublish", feedbackMessage: "Please cite a <source>." });
    await deliverDueMail();
    const [mail] = smtp.mails.filter((m) => m.to === surveyor.email);
    expect(mail.subject).toBe("Your survey was unpublished: To be unpublished");
    expect(mail.text).toContain("Please cite a <source>.");
    expect(mail.html).toContain("Please cite a &lt;source&gt;.");
    // It names the button of the survey's page that asks for a review (lib/surveys/review-request.ts).
    expect(mail.text).toContain("Update the survey, then press “Ask for review” on its page to ask for it to be published again.");

    expect((await call(patchPreferences, { method: "PATCH", as: surveyor, body: { surveyNews: false } })).json).toEqual({ preferences: { results: true, surveyNews: false, signInNotices: true } });
    expect((await call(getPreferences, { as: surveyor })).json).toEqual({ preferences: { results: true, surveyNews: false, signInNotices: true } });
    await setSurveyStatus({ actorId: admin.id, surveyId: survey.id, status: "publish" });
    await setSurveyStatus({ actorId: admin.id, surveyId: survey.id, status: "unpublish", feedbackMessage: "Again." });
    await deliverDueMail();
    expect(smtp.mails.filter((m) => m.to === surveyor.email)).toHaveLength(1);
    expect((await call(patchPreferences, { method: "PATCH", as: surveyor, body: { surveyNews: "no" } })).status).toBe(400);
    expect((await call(patchPreferences, { method: "PATCH", as: surveyor, body: { role: "admin" } })).status).toBe(400);
    expect((await call(getPreferences, {})).status).toBe(401);
  });

  it("a voter ticks 'Email me the result' when voting", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const survey = await createSurvey(surveyor.id);
    const voter = await createUser();
    expect((await call(vote, { method: "PUT", as: voter, params: { id: survey.id }, body: { vote: "yes", notifyResult: true } })).status).toBe(200);
    expect((await call(vote, { method: "PUT", as: await createUser(), params: { id: survey.id }, body: { vote: "no", notifyResult: "yes" } })).status).toBe(400);
    const db = await getDb();
    const [row] = await db.select({ notify: votes.notifyResult }).from(votes).where(eq(votes.userId, voter.id));
    expect(row.notify).toBe(true);
  });
});
