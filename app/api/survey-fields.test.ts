// One list of a survey's written fields drives every place they travel: the form's schema names them
// (SURVEY_FIELDS), and creating, updating, the JSON answer, the CSV export and the account export all
// follow that list. This test walks the list too: a field added to the schema and the model is checked
// through every path with no change here but its two sample values (a missing sample fails the type
// check), and a path that names fields one by one and misses the new one fails.
import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { GET as readSurvey } from "@/app/api/survey/[id]/route";
import { GET as exportCsv } from "@/app/api/survey/[id]/export/route";
import { POST as create } from "@/app/api/create_survey/route";
import { PUT as update } from "@/app/api/updateDocument/[id]/route";
import { surveyJsonSchema } from "@/lib/api/contract";
import { dayIn } from "@/lib/dates";
import { accountExportStream } from "@/lib/accounts/account-export";
import { SURVEY_FIELDS, type SurveyField } from "@/lib/surveys/schema";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";

const later = (days: number) => new Date(Date.parse(`${dayIn(process.env.APP_TIME_ZONE ?? "UTC")}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Each field's value at creation and after the update: every one different, so a dropped write shows. */
const SAMPLES: Record<SurveyField, [unknown, unknown]> = {
  title: ["Fields at creation", "Fields after the update"],
  description: ["Written when the survey was made.", "Rewritten by the update."],
  category: ["Health", "Education"],
  deadline: [later(10), later(20)],
  questionTitle: ["First question", "Second question"],
  questionDescription: ["Is the first answer kept?", "Is the second answer kept?"],
  resultsVisibility: ["after_deadline", "after_voting"],
};
const valuesAt = (i: 0 | 1) => Object.fromEntries(SURVEY_FIELDS.map((f) => [f, SAMPLES[f][i]]));

async function text(stream: ReadableStream<Uint8Array>) {
  return new Response(stream).text();
}

describe("a survey's fields follow one list", () => {
  it("the list is the schema's, and the API's Survey document names every field", () => {
    expect(SURVEY_FIELDS).toEqual(Object.keys(SAMPLES));
    for (const field of SURVEY_FIELDS) expect(Object.keys(surveyJsonSchema.shape)).toContain(field);
  });

  it("every field is written on create and on update, and read back by the JSON, the CSV and the account export", async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const created = await call(create, { method: "POST", as: surveyor, body: valuesAt(0) });
    expect(created.status).toBe(201);
    const id = String(created.json.insertedId);
    const json = async () => (await call(readSurvey, { as: surveyor, params: { id } })).json;
    for (const field of SURVEY_FIELDS) expect((await json())[field], field).toEqual(SAMPLES[field][0]);

    const updated = await call(update, { method: "PUT", as: surveyor, params: { id }, body: valuesAt(1) });
    expect(updated.status).toBe(200);
    const answer = await json();
    for (const field of SURVEY_FIELDS) expect(answer[field], field).toEqual(SAMPLES[field][1]);

    const csv = await call(exportCsv, { as: surveyor, params: { id } });
    expect(csv.status).toBe(200);
    const cells = (parse(String(csv.json).replace(/^\uFEFF/, ""), { relax_column_count: true }) as string[][]).flat();
    for (const field of SURVEY_FIELDS) expect(cells, field).toContain(String(SAMPLES[field][1]));

    const exported = JSON.parse(await text(await accountExportStream(surveyor.id))) as { surveys: Record<string, unknown>[] };
    const mine = exported.surveys.find((s) => s.id === id)!;
    for (const field of SURVEY_FIELDS) expect(mine[field], field).toEqual(SAMPLES[field][1]);
  });
});
