// "N votes voided after review" is a count: while a survey keeps its results until its deadline it is
// hidden with the others, on every surface (the JSON calls, the survey page, the embed), from everyone
// but the survey's surveyor and admins; once the deadline has passed, everyone sees it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import SurveyDetailsPage from "@/app/[locale]/(site)/survey/details/[id]/page";
import { getDb } from "@/lib/db";
import { surveys } from "@/models";
import { propsNamed } from "@/tests/element-text";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET as allSurveys } from "./all_surveys/route";
import { GET as updatedSurvey } from "./get_updated_survey/[id]/route";
import { GET as oneSurvey } from "./survey/[id]/route";

async function surveyWithVoided(overrides: Parameters<typeof createSurvey>[1]) {
  const owner = await createUser({ role: "surveyor" });
  const survey = await createSurvey(owner.id, { yesCount: 12, noCount: 5, ...overrides });
  const db = await getDb();
  await db.update(surveys).set({ voidedCount: 4 }).where(eq(surveys.id, survey.id));
  return { owner, survey };
}

/** What the survey page hands its "N votes voided after review" note (nothing is said for 0). */
const voidedOnPage = async (id: string) =>
  propsNamed(await SurveyDetailsPage({ params: Promise.resolve({ id }) }), "count").map((p) => p.count);

describe("voidedCount follows the counts", () => {
  it("is null in the JSON and absent from the page while an after_deadline survey is open, except for its surveyor and admins", async () => {
    const { owner, survey } = await surveyWithVoided({ resultsVisibility: "after_deadline" });
    const admin = await createUser({ role: "admin" });
    const voter = await createUser();
    for (const as of [null, voter]) {
      for (const handler of [oneSurvey, updatedSurvey]) {
        const res = await call(handler, { params: { id: survey.id }, as });
        expect(res.status).toBe(200);
        expect(res.json).toMatchObject({ yesCount: null, totalVotes: null, voidedCount: null, resultsHidden: true });
      }
      const list = await call(allSurveys, { path: "/api/all_surveys?limit=100", as });
      expect((list.json as unknown as { _id: string; voidedCount: unknown }[]).find((s) => s._id === survey.id)?.voidedCount).toBeNull();
    }
    for (const as of [owner, admin]) {
      expect((await call(oneSurvey, { params: { id: survey.id }, as })).json).toMatchObject({ yesCount: 12, voidedCount: 4 });
    }
    expect(await voidedOnPage(survey.id)).toEqual([0]);
  });

  it("shows once the deadline has passed, and on a survey that shows its results after voting", async () => {
    for (const overrides of [{ resultsVisibility: "after_deadline" as const, deadlineInDays: -1 }, {}]) {
      const { survey } = await surveyWithVoided(overrides);
      expect((await call(oneSurvey, { params: { id: survey.id } })).json).toMatchObject({ voidedCount: 4 });
      expect(await voidedOnPage(survey.id)).toEqual([4]);
    }
  });
});
