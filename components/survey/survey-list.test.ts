// The public list in each language: its count, its empty states and its metadata. English is the
// product's text, exactly; Spanish and German say the same, with a category's translated name.
import { setRequestLocale } from "next-intl/server";
import { isValidElement, type ReactElement } from "react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { listMetadata, type ListView } from "@/lib/surveys/list-view";
import { createSurvey, createUser } from "@/tests/factories";
import { textOf } from "@/tests/element-text";
import { SurveyFilters, type FilterTexts } from "./survey-filters";
import { SurveyList } from "./survey-list";

const view = (v: Partial<ListView>): ListView => ({ sort: "totalVotes", page: 1, ...v });

/** The list's text, without the cards (another component) and with the filters' words apart. */
async function render(v: Partial<ListView>, locale: "en" | "es" | "de" = "en") {
  setRequestLocale(locale);
  const page = await SurveyList({ view: view(v) });
  const filters = (function find(node: unknown): ReactElement<{ texts: FilterTexts }> | undefined {
    if (Array.isArray(node)) return node.map(find).find(Boolean);
    if (!isValidElement(node)) return undefined;
    if (node.type === SurveyFilters) return node as ReactElement<{ texts: FilterTexts }>;
    return find((node.props as { children?: unknown }).children);
  })(page);
  return { text: textOf(page), filters: filters?.props.texts };
}

beforeAll(async () => {
  const surveyor = await createUser({ role: "surveyor" });
  await createSurvey(surveyor.id, { category: "Health" });
  await createSurvey(surveyor.id, { category: "Health" });
  await createSurvey(surveyor.id, { category: "Education" });
});
afterEach(() => setRequestLocale("en"));

describe("the survey list's texts", () => {
  it("counts in English exactly as before", async () => {
    expect((await render({ category: "Health", status: "open" })).text).toContain("2 open surveys in Health");
    expect((await render({ category: "Education" })).text).toContain("1 survey in Education");
    expect((await render({ q: "nothing like this" })).text).toContain("0 surveys match nothing like this");
  });

  it("counts in Spanish and German, with the category's name in that language", async () => {
    expect((await render({ category: "Health", status: "open" }, "es")).text).toContain("2 encuestas abiertas en la categoría Salud");
    expect((await render({ category: "Education" }, "es")).text).toContain("1 encuesta en la categoría Educación");
    expect((await render({ category: "Health", status: "open" }, "de")).text).toContain("2 offene Umfragen im Bereich Gesundheit");
    expect((await render({ q: "nothing like this" }, "de")).text).toContain("0 Umfragen passen zu nothing like this");
  });

  it("says why a view is empty and where to go instead, in the page's language", async () => {
    const past = await render({ page: 5 });
    expect(past.text).toContain("There is no page 5: this list has 1 page.");
    expect(past.text).toContain("Go to page 1");
    expect((await render({ page: 5 }, "es")).text).toContain("La página 5 no existe: esta lista tiene 1 página.");
    expect((await render({ category: "Entertainment", status: "closed" })).text).toContain("No closed surveys in Entertainment yet.");
    expect((await render({ category: "Entertainment", status: "closed" }, "de")).text).toContain("Noch keine beendeten Umfragen im Bereich Unterhaltung.");
    const none = await render({ q: "nothing like this" }, "es");
    expect(none.text).toContain("Ninguna encuesta coincide con nothing like this.");
    expect(none.text).toContain("Borrar la búsqueda");
  });

  it("hands the filters their words, a category keeping its value and showing its name", async () => {
    const en = (await render({})).filters!;
    expect(en).toMatchObject({ sortBy: "Sort by", sorts: { totalVotes: "Most votes", createdAt: "Newest" }, updating: "Updating the list" });
    expect(en.categories.Other).toBe("Other");
    const de = (await render({}, "de")).filters!;
    expect(de).toMatchObject({ sortBy: "Sortieren nach", statuses: { open: "Offen", closed: "Beendet" } });
    expect(de.categories).toEqual({ Technology: "Technologie", Education: "Bildung", Health: "Gesundheit", Entertainment: "Unterhaltung", Other: "Sonstiges" });
  });
});

describe("the survey list's metadata", () => {
  it("keeps the English titles and descriptions, and writes the others in their language with their canonical address", async () => {
    const en = await listMetadata(view({ category: "Health", status: "open", page: 2 }), "en");
    expect(en.title).toBe("Open Health surveys, page 2");
    expect(en.description).toBe("Yes/no surveys about health: read them, vote and see the results on OPINEX.");
    expect((await listMetadata(view({ q: "remote work" }), "en")).title).toBe("All surveys matching remote work");
    const es = await listMetadata(view({ category: "Health", status: "open", page: 2 }), "es");
    expect(es.title).toBe("Encuestas abiertas de la categoría Salud, página 2");
    expect(es.alternates?.canonical).toBe("/es/surveys?category=Health&status=open&page=2");
    const de = await listMetadata(view({}), "de");
    expect(de.title).toBe("Alle Umfragen");
    expect(de.description).toContain("Alle veröffentlichten Ja/Nein-Umfragen");
  });
});
