// The embed is a cached public page: it shows what the survey page shows a signed-out visitor
// (`countsShown`): an open survey's total but no yes/no split, a closed one's split, and nothing at all
// (no count, no "votes voided after review") while the survey keeps its results until its deadline.
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { surveys } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { inLocale } from "@/tests/intl";
import EmbedNotFound from "./not-found";
import EmbeddedSurvey from "./page";

// The page as its layout's island gives it its texts.
const html = async (id: string, theme = "light", locale: "en" | "es" | "de" = "en") =>
  renderToStaticMarkup(inLocale(await EmbeddedSurvey({ params: Promise.resolve({ id, theme, locale }) }), locale));
const textOf = (markup: string) => markup.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

async function withVoided(id: string, voidedCount: number) {
  const db = await getDb();
  await db.update(surveys).set({ voidedCount }).where(eq(surveys.id, id));
}

describe("/embed/survey/{id}", () => {
  it("an open survey that shows its results after voting: the question, how many voted and the way to vote, no yes/no split", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { yesCount: 62, noCount: 22 });
    const markup = await html(survey.id);
    const text = textOf(markup);
    expect(text).toContain(survey.questionTitle);
    expect(text).toContain("84 votes so far.");
    expect(text).toContain("Vote on OPINEX");
    // Each answer opens the survey with it selected.
    expect(markup).toContain(`/survey/details/${survey.id}?vote=yes"`);
    expect(markup).toContain(`/survey/details/${survey.id}?vote=no"`);
    expect(markup).not.toContain('data-testid="embed-bar"');
    for (const split of ["Yes 74", "No 26", "(62)", "(22)", "interval", "Yes leads"]) expect(text).not.toContain(split);
  });

  it("a closed survey: the split with its interval and verdict, as on its page", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { yesCount: 62, noCount: 22, deadlineInDays: -1 });
    const markup = await html(survey.id, "dark");
    expect(markup).toContain('data-testid="embed-bar"');
    const text = textOf(markup);
    // Each answer's count and share under the bar, then the result in words (62 of 84: Wilson [0.6352, 0.8202]).
    expect(text).toContain("Yes 62 · 74%");
    expect(text).toContain("No 22 · 26%");
    expect(text).toContain("Most voters said Yes: 74% of 84 votes. With this many votes, the true share saying Yes could be anywhere from 64% to 82%.");
    expect(text).toContain("even the low end of that range is above 50%.");
    expect(text).toContain("See the results on OPINEX");
  });

  it("is in the language of its address, its links leading to the survey in that language", async () => {
    const owner = await createUser({ role: "surveyor" });
    const open = await createSurvey(owner.id, { yesCount: 62, noCount: 22 });
    const markup = await html(open.id, "light", "de");
    const text = textOf(markup);
    expect(text).toContain("84 Stimmen bisher.");
    expect(text).toContain("Auf OPINEX abstimmen:");
    expect(markup).toContain(`/de/survey/details/${open.id}?vote=yes"`);
    expect(text).not.toMatch(/\bvotes?\b|Yes|Vote on/);

    const closed = await createSurvey(owner.id, { yesCount: 62, noCount: 22, deadlineInDays: -1 });
    // (textOf makes the no-break space before "%" a space.)
    const after = textOf(await html(closed.id, "dark", "es"));
    expect(after).toContain("Sí 62 · 74 %");
    expect(after).toContain("La mayoría dijo Sí: el 74 % de 84 votos.");
    expect(after).toContain("Ver los resultados en OPINEX");
  });

  it("an open survey kept until its deadline: no count and no number of voided votes before then; both after", async () => {
    const owner = await createUser({ role: "surveyor" });
    const open = await createSurvey(owner.id, { yesCount: 40, noCount: 9, resultsVisibility: "after_deadline" });
    await withVoided(open.id, 7);
    const text = textOf(await html(open.id));
    expect(text).toContain("Results are shown after voting closes at the end of");
    expect(text).not.toMatch(/voided|\b49\b|\b40\b|\b7 votes/);

    const closed = await createSurvey(owner.id, { yesCount: 40, noCount: 9, resultsVisibility: "after_deadline", deadlineInDays: -1 });
    await withVoided(closed.id, 7);
    const after = textOf(await html(closed.id));
    expect(after).toContain("7 votes voided after review");
    expect(after).toContain("49 votes");
  });
});

describe("/embed/survey/{id} of a survey that is gone", () => {
  // Next's notFound() throws an error whose digest names the 404 fallback.
  const isNotFound = (error: unknown) => String((error as { digest?: string }).digest).includes("404");

  it("is a 404 for an unpublished or unknown survey, whose frame says so in a sentence naming the site, not with the site's error page", async () => {
    const owner = await createUser({ role: "surveyor" });
    const hidden = await createSurvey(owner.id, { status: "unpublish" });
    for (const id of [hidden.id, "8d3c2b1a-0f9e-4d8c-b7a6-554433221100"]) await expect(html(id)).rejects.toSatisfy(isNotFound);
    const markup = renderToStaticMarkup(inLocale(createElement(EmbedNotFound)));
    expect(textOf(markup)).toContain("This survey is no longer on OPINEX.");
    expect(markup).toMatch(/<h1[^>]*>This survey is no longer on OPINEX\.<\/h1>/);
    expect(markup).toContain('href="/surveys"');
    expect(markup).not.toContain("this is a error page");
    expect(markup).not.toContain("<nav");
  });
});
