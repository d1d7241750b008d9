// A surveyor's address is theirs: the public survey calls answer it only to that surveyor and to
// admins (then never for a shared cache), and the cached public rows never hold it.
import { beforeAll, describe, expect, it } from "vitest";
import { cachedFeaturedSurveys, cachedSurvey, cachedSurveyList } from "@/lib/surveys/cache";
import type { User } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET as allSurveys } from "../../all_surveys/route";
import { GET as featured } from "../../get_features_surveys/route";
import { GET as latest } from "../../get_latest_survey/route";
import { GET as updatedSurvey } from "../../get_updated_survey/[id]/route";
import { GET as oneSurvey } from "./route";

let mine: User;
let theirs: User;
const ids: { mine: string; theirs: string } = { mine: "", theirs: "" };
type Item = { _id: string; surveyorEmail: string | null };

beforeAll(async () => {
  mine = await createUser({ role: "surveyor", email: "alice-surveyor@test.example" });
  theirs = await createUser({ role: "surveyor", email: "bob-surveyor@test.example" });
  ids.mine = (await createSurvey(mine.id, { title: "Alice's survey", yesCount: 3 })).id;
  ids.theirs = (await createSurvey(theirs.id, { title: "Bob's survey", yesCount: 2 })).id;
});

/** Every public survey call, each answering a list of the two surveys (or one of them). */
async function answersAs(as: { id: string } | null) {
  const lists = await Promise.all([
    call(allSurveys, { path: "/api/all_surveys", as }),
    call(featured, { path: "/api/get_features_surveys", as }),
    call(latest, { path: "/api/get_latest_survey", as }),
  ]);
  const ones = await Promise.all(
    [oneSurvey, updatedSurvey].flatMap((handler) => [ids.mine, ids.theirs].map((id) => call(handler, { params: { id }, as }))),
  );
  for (const res of [...lists, ...ones]) expect(res.status).toBe(200);
  const items = [...lists.flatMap((r) => r.json as unknown as Item[]), ...ones.map((r) => r.json as unknown as Item)];
  return { answers: [...lists, ...ones], items, text: JSON.stringify(items) };
}

const emailsIn = (items: Item[]) => new Set(items.map((s) => `${s._id === ids.mine ? "mine" : "theirs"}:${s.surveyorEmail}`));

describe("a surveyor's address in the public survey calls", () => {
  it("is null for a signed-out visitor, the field kept, and the answer stays cacheable", async () => {
    const { answers, items, text } = await answersAs(null);
    expect(items).toHaveLength(2 * 3 + 4);
    expect(items.every((s) => "surveyorEmail" in s && s.surveyorEmail === null)).toBe(true);
    expect(text).not.toContain("@test.example");
    for (const res of answers) expect(res.headers.get("cache-control") ?? "").not.toContain("private");
  });

  it("is null for a signed-in user and for another surveyor", async () => {
    const user = await createUser({ role: "user" });
    const other = await createUser({ role: "surveyor" });
    for (const as of [user, other]) {
      const { items, text } = await answersAs(as);
      expect(items.every((s) => s.surveyorEmail === null)).toBe(true);
      expect(text).not.toContain("@test.example");
    }
  });

  it("is the surveyor's own on their own surveys only, answered private, no-store", async () => {
    const { answers, items, text } = await answersAs(mine);
    expect(emailsIn(items)).toEqual(new Set(["mine:alice-surveyor@test.example", "theirs:null"]));
    expect(text).not.toContain("bob-surveyor");
    // Every list holds Alice's survey, and so do the two single reads of it.
    for (const res of answers.filter((r) => JSON.stringify(r.json).includes("alice-surveyor"))) {
      expect(res.headers.get("cache-control")).toBe("private, no-store");
    }
    expect(answers.filter((r) => JSON.stringify(r.json).includes("alice-surveyor"))).toHaveLength(3 + 2);
  });

  it("is every surveyor's for an admin, answered private, no-store", async () => {
    const admin = await createUser({ role: "admin" });
    const { answers, items } = await answersAs(admin);
    expect(emailsIn(items)).toEqual(new Set(["mine:alice-surveyor@test.example", "theirs:bob-surveyor@test.example"]));
    for (const res of answers) expect(res.headers.get("cache-control")).toBe("private, no-store");
  });

  it("is never in the cached public rows the pages and the calls share", async () => {
    const rows = [...(await cachedSurveyList("totalVotes", undefined, 1, 100)), ...(await cachedFeaturedSurveys()), await cachedSurvey(ids.mine)];
    expect(rows).toHaveLength(5);
    for (const row of rows) expect(row).not.toHaveProperty("surveyorEmail");
    expect(JSON.stringify(rows)).not.toContain("@");
  });
});
