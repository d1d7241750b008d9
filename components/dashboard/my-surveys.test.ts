// The user's own lists name an unpublished survey without a link: its page is the error page now. It
// stays listed (the vote or report on it is still the person's), marked "no longer published" where no
// Status column says so.
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { castVote } from "@/lib/votes/votes";
import { reportSurvey } from "@/lib/votes/reports";
import { surveys } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { CommentedSurveys, ParticipatedSurveys, ReportedSurveys } from "./my-surveys";

const render = async (list: Promise<React.ReactElement>) => renderToStaticMarkup(await list);
const linkTo = (id: string) => `href="/survey/details/${id}"`;

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
});
