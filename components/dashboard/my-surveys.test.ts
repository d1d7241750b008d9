// The user's own lists name an unpublished survey without a link: its page is the error page now. It
// stays listed (the vote or report on it is still the person's), marked "no longer published" where no
// Status column says so.
import { eq } from "drizzle-orm";
import { setRequestLocale } from "next-intl/server";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { castVote } from "@/lib/votes/votes";
import { reportSurvey } from "@/lib/votes/reports";
import { surveys } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { inLocale } from "@/tests/intl";
import { CommentedSurveys, ParticipatedSurveys, ReportedSurveys } from "./my-surveys";

const render = async (list: Promise<React.ReactElement>, locale: "en" | "es" | "de" = "en") => renderToStaticMarkup(inLocale(await list, locale));
const linkTo = (id: string) => `href="/survey/details/${id}"`;

afterEach(() => setRequestLocale("en"));

describe("the user's own lists", () => {
  it("link a published survey, and name an unpublished one without a link", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser({ role: "pro_user" });
    const shown = await createSurvey(surveyor.id, { title: "Still published" });
    const gone = await createSurvey(surveyor.id, { title: "Taken down later" });
    for (const survey of [shown, gone]) {
      await castVote({ surveyId: survey.id, userId: voter.id, role: voter.role, vote: "yes", comment: "A thought." });
      await reportSurvey({ surveyId: survey.id, userId: voter.id, role: voter.role });
    }
    const db = await getDb();
    await db.update(surveys).set({ status: "unpublish" }).where(eq(surveys.id, gone.id));

    for (const list of [ParticipatedSurveys, CommentedSurveys, ReportedSurveys]) {
      const markup = await render(list({ userId: voter.id }));
      expect(markup, list.name).toContain(linkTo(shown.id));
      expect(markup, list.name).not.toContain(linkTo(gone.id));
      expect(markup, list.name).toContain("Taken down later");
    }
    // Where no Status column says it, the row says it.
    for (const list of [ParticipatedSurveys, CommentedSurveys]) {
      const markup = await render(list({ userId: voter.id }));
      expect(markup.match(/no longer published/g), list.name).toHaveLength(1);
    }
    const reported = await render(ReportedSurveys({ userId: voter.id }));
    expect(reported).not.toContain("no longer published");
    expect(reported).toContain("Unpublished");
  });

  it("speak the page's language, and link the survey's page in it", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const voter = await createUser({ role: "pro_user" });
    const shown = await createSurvey(surveyor.id, { title: "Sigue publicada" });
    const gone = await createSurvey(surveyor.id, { title: "Retirada después" });
    for (const survey of [shown, gone]) await castVote({ surveyId: survey.id, userId: voter.id, role: voter.role, vote: "yes", comment: "Una idea." });
    const db = await getDb();
    await db.update(surveys).set({ status: "unpublish" }).where(eq(surveys.id, gone.id));

    setRequestLocale("es");
    const spanish = await render(ParticipatedSurveys({ userId: voter.id }), "es");
    expect(spanish).toContain("Encuestas en las que participaste");
    expect(spanish).toContain("ya no está publicada");
    expect(spanish).toContain(">Sí</span>");
    // The category by its Spanish name; the survey's own texts as written.
    expect(spanish).toContain(">Tecnología<");
    expect(spanish).toContain("Sigue publicada");
    expect(spanish).toContain(`href="/es/survey/details/${shown.id}"`);
    expect(spanish).not.toContain("Your Vote");

    setRequestLocale("de");
    const german = await render(ReportedSurveys({ userId: voter.id }), "de");
    expect(german).toContain("Meine gemeldeten Umfragen");
    expect(german).toContain("Du hast keine Umfrage gemeldet.");
  });
});
