import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DeadlineNote } from "@/components/survey/deadline-note";
import { SignedOutVote } from "@/components/survey/signed-out-vote";
import { formatDate } from "@/lib/dates";
import { resultStats } from "@/lib/surveys/stats";
import { propsNamed, textOf } from "@/tests/element-text";
import { createSurvey, createUser } from "@/tests/factories";
import { inLocale } from "@/tests/intl";
import SurveyDetailsPage, { generateMetadata, generateStaticParams } from "./page";

const render = (id: string, locale?: "en" | "es" | "de") => SurveyDetailsPage({ params: Promise.resolve({ id, ...(locale ? { locale } : {}) }) });
/** A component of the page rendered as the page's island would give it its texts. */
const markup = (element: Parameters<typeof inLocale>[0], locale: "en" | "es" | "de" = "en") => renderToStaticMarkup(inLocale(element, locale));

// Next's notFound() throws an error whose digest names the 404 fallback.
const isNotFound = (error: unknown) => String((error as { digest?: string }).digest).includes("404");

describe("/survey/details/[id]", () => {
  it("is never prerendered at build time (no database then)", async () => {
    expect(await generateStaticParams()).toEqual([]);
  });

  it("renders a published survey's title, category, description, deadline date and JSON-LD", async () => {
    const owner = await createUser({ role: "surveyor", name: "Sam Surveyor" });
    const survey = await createSurvey(owner.id, { title: "Is </script><b>bold</b> fine?", category: "Health", yesCount: 3, noCount: 2 });
    const text = textOf(await render(survey.id));
    expect(text).toContain("Is </script><b>bold</b> fine?");
    expect(text).toContain("Health");
    expect(text).toContain(survey.description);
    expect(text).toContain(formatDate(survey.deadline));
    expect(text).toContain("Sam Surveyor");
    // The JSON-LD cannot close its script element, whatever the title says.
    expect(text).toContain('"@type":"Question"');
    expect(text).toContain("\\u003c/script>");
    expect(text).toContain('"upvoteCount":3');
    expect(text).not.toContain(owner.email);

    const meta = await generateMetadata({ params: Promise.resolve({ id: survey.id }) });
    expect(meta.title).toBe(survey.title);
    expect(meta.alternates?.canonical).toBe(`/survey/details/${survey.id}`);
  });

  it("renders a closed survey's results with their stats here on the server; an open one's vote part carries no count", async () => {
    const owner = await createUser({ role: "surveyor" });
    const open = await createSurvey(owner.id, { yesCount: 62, noCount: 22 });
    const openPage = await render(open.id);
    // A signed-out visitor is asked to log in; the signed-in part reads the figures itself.
    expect(propsNamed(openPage, "closed")).toEqual([expect.objectContaining({ surveyId: open.id, closed: false })]);
    expect(propsNamed(openPage, "figures")).toEqual([]);
    // Signed out, the question and its answers, each a way into sign-in that keeps the answer.
    expect(propsNamed(openPage, "questionTitle")).toEqual([{ surveyId: open.id, questionTitle: open.questionTitle, questionDescription: open.questionDescription }]);
    const signedOut = markup(createElement(SignedOutVote, propsNamed(openPage, "questionTitle")[0] as Parameters<typeof SignedOutVote>[0]));
    expect(signedOut).toContain("Please login to vote this survey!");
    expect(signedOut).toContain(open.questionTitle);
    expect(signedOut).toContain(open.questionDescription);
    for (const answer of ["yes", "no"]) expect(signedOut).toContain(`href="/login?callbackUrl=%2Fsurvey%2Fdetails%2F${open.id}&amp;vote=${answer}"`);
    expect(signedOut).toContain(`href="/login?callbackUrl=%2Fsurvey%2Fdetails%2F${open.id}"`);
    expect(signedOut).toContain(`href="/register?callbackUrl=%2Fsurvey%2Fdetails%2F${open.id}"`);

    const closed = await createSurvey(owner.id, { yesCount: 62, noCount: 22, deadlineInDays: -1 });
    const closedPage = await render(closed.id);
    expect(propsNamed(closedPage, "closed")).toEqual([expect.objectContaining({ closed: true })]);
    expect(propsNamed(closedPage, "figures").map((p) => p.figures)).toEqual([
      { yesCount: 62, noCount: 22, stats: resultStats(62, 22), resultsHidden: false },
    ]);
  });

  it("holds no count anywhere while the survey keeps its results until the deadline, and says when they come", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { yesCount: 4321, noCount: 1234, resultsVisibility: "after_deadline" });
    const page = await render(survey.id);
    const text = textOf(page);
    // "Results are shown after voting closes at the end of …", below the deadline note.
    expect(propsNamed(page, "testId").filter((p) => p.testId === "survey-results-hidden")).toEqual([
      expect.objectContaining({ deadline: survey.deadline }),
    ]);
    expect(text).not.toContain("upvoteCount");
    expect(text).not.toMatch(/4321|1234/);
    expect(propsNamed(page, "figures")).toEqual([]);
    // The vote part's own props (its children are the text checked above).
    const voteProps = propsNamed(page, "closed").map((props) => ({ ...props, children: undefined }));
    expect(JSON.stringify(voteProps)).not.toMatch(/4321|1234/);

    // Once the deadline has passed, everything is shown.
    const closed = await createSurvey(owner.id, { yesCount: 4321, noCount: 1234, resultsVisibility: "after_deadline", deadlineInDays: -1 });
    const after = await render(closed.id);
    expect(textOf(after)).toContain('"upvoteCount":4321');
    expect(propsNamed(after, "testId").filter((p) => p.testId === "survey-results-hidden")).toEqual([]);
    expect(propsNamed(after, "closed")[0].closed).toBe(true);
    expect(propsNamed(after, "figures")[0].figures).toMatchObject({ yesCount: 4321, noCount: 1234, resultsHidden: false });
  });

  it("says when voting closed once: in the deadline note, not again above the results", async () => {
    const owner = await createUser({ role: "surveyor" });
    const closed = await createSurvey(owner.id, { yesCount: 3, noCount: 1, deadlineInDays: -1 });
    const page = await render(closed.id);
    const notes = propsNamed(page, "today").map((props) => markup(createElement(DeadlineNote, props as Parameters<typeof DeadlineNote>[0])));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain(`Voting closed on <time dateTime="${closed.deadline}">${formatDate(closed.deadline)}</time>`);
    // The page's own text (the note's is its component's) and the results' props say it nowhere else.
    expect(textOf(page)).not.toContain("Voting closed");
    expect(JSON.stringify(propsNamed(page, "figures"))).not.toContain("Voting closed");
  });

  it("is in the page's language around the survey's own texts, and its links and answers stay in it", async () => {
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { title: "Tabs or spaces?", category: "Technology", yesCount: 3, noCount: 2 });
    const page = await render(survey.id, "es");
    const text = textOf(page);
    // The survey's own texts are its surveyor's; the category's name is the page's language's.
    expect(text).toContain("Tabs or spaces?");
    expect(text).toContain("Detalles de la encuesta");
    expect(text).toContain("Tecnología");
    expect(text).not.toContain("Technology");
    expect(text).toContain('"text":"Sí"');
    expect(propsNamed(page, "data-category")).toEqual([expect.objectContaining({ "data-category": "Technology" })]);
    const signedOut = markup(createElement(SignedOutVote, propsNamed(page, "questionTitle")[0] as Parameters<typeof SignedOutVote>[0]), "es");
    expect(signedOut).toContain("¡Inicia sesión para votar en esta encuesta!");
    // Sign-in in Spanish, and back to the Spanish page after it.
    expect(signedOut).toContain(`href="/es/login?callbackUrl=%2Fes%2Fsurvey%2Fdetails%2F${survey.id}&amp;vote=yes"`);
    expect(signedOut).toContain(`href="/es/register?callbackUrl=%2Fes%2Fsurvey%2Fdetails%2F${survey.id}"`);

    const meta = await generateMetadata({ params: Promise.resolve({ id: survey.id, locale: "de" }) });
    expect(meta.alternates?.canonical).toBe(`/de/survey/details/${survey.id}`);
    expect(JSON.stringify(meta.alternates?.types)).toContain(encodeURIComponent(`/de/survey/details/${survey.id}`));
    expect((await generateMetadata({ params: Promise.resolve({ id: "abc", locale: "de" }) })).title).toBe("Umfrage nicht gefunden");
  });

  it("is a 404 for an unpublished survey, an unknown id and a malformed id", async () => {
    const owner = await createUser({ role: "surveyor" });
    const hidden = await createSurvey(owner.id, { status: "unpublish" });
    for (const id of [hidden.id, "8d3c2b1a-0f9e-4d8c-b7a6-554433221100", "abc", "1;drop table surveys"]) {
      await expect(render(id)).rejects.toSatisfy(isNotFound);
    }
    expect((await generateMetadata({ params: Promise.resolve({ id: hidden.id }) })).robots).toMatchObject({ index: false });
  });
});

describe("/survey/details/[id] after votes were voided", () => {
  it("says how many votes were voided after review (singular and plural), and nothing when none were", async () => {
    const { getDb } = await import("@/lib/db");
    const { surveys } = await import("@/models");
    const { eq } = await import("drizzle-orm");
    const { VoidedNote } = await import("@/components/survey/voided-note");
    const owner = await createUser({ role: "surveyor" });
    const survey = await createSurvey(owner.id, { yesCount: 3, noCount: 2 });
    expect(propsNamed(await render(survey.id), "count").map((p) => p.count)).toEqual([0]);
    const db = await getDb();
    await db.update(surveys).set({ voidedCount: 12 }).where(eq(surveys.id, survey.id));
    expect(propsNamed(await render(survey.id), "count").map((p) => p.count)).toEqual([12]);
    const voided = (count: number, locale?: "es") => markup(createElement(VoidedNote, { count }), locale);
    expect(voided(1)).toContain(">1 vote voided after review<");
    expect(voided(12)).toContain(">12 votes voided after review<");
    expect(voided(1_234, "es")).toContain(">1234 votos anulados tras una revisión<");
    expect(voided(0)).toBe("");
  });
});
