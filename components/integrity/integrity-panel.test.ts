// The integrity panel of a survey with a single vote: every count in it reads in the right number
// ("1 vote an hour", "1 vote", "1 hour"), not "1 votes an hour".
import { setRequestLocale } from "next-intl/server";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { votes } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { IntegrityPanel } from "./integrity-panel";

const textOf = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("IntegrityPanel", () => {
  it("says one vote in the singular, everywhere", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id);
    const voter = await createUser({ emailVerified: new Date() });
    const db = await getDb();
    await db.insert(votes).values({ surveyId: survey.id, userId: voter.id, vote: "yes" });

    const text = textOf(renderToStaticMarkup(await IntegrityPanel({ surveyId: survey.id })));
    expect(text).toContain("Usual rate: 1 vote an hour (the only hour that had votes).");
    expect(text).toContain("Busiest hour: 1 vote at");
    expect(text).not.toMatch(/\b1 (votes|hours|networks|voters)\b/);

    // In the page's language, with its numbers.
    setRequestLocale("de");
    const german = textOf(renderToStaticMarkup(await IntegrityPanel({ surveyId: survey.id })));
    setRequestLocale("en");
    expect(german).toContain("Übliche Rate: 1 Stimme pro Stunde (die einzige Stunde mit Stimmen).");
    expect(german).toContain("Stärkste Stunde: 1 Stimme am");
    expect(german).not.toMatch(/\b(votes?|hour|Usual)\b/);
  });
});
