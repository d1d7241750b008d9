// The create call, and the deadline rule by the site's time zone. This file picks a zone whose date
// differs from UTC's right now, so a check made in UTC (or in the browser's zone) would fail here.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { dayIn } from "@/lib/dates";
import { surveys, type User } from "@/models";
import { createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { revalidated } from "@/tests/next-cache-stub";
import { POST } from "./route";

const zones = Array.from({ length: 27 }, (_, i) => i - 12).map((o) => (o === 0 ? "Etc/GMT" : `Etc/GMT${o > 0 ? "-" : "+"}${Math.abs(o)}`));
const zone = zones.find((z) => dayIn(z) !== dayIn("UTC"))!;
process.env.APP_TIME_ZONE = zone;
const today = () => dayIn(zone);
const shift = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

type Issues = { error?: { issues?: { path: string; message: string }[] } };
const issuesOf = (json: unknown) => (json as Issues).error?.issues;

const valid = () => ({
  title: "Should the library open on Sundays?",
  description: "The city library is closed on Sundays.\nWould you use it if it opened?",
  category: "Other",
  deadline: shift(today(), 10),
  questionTitle: "Sunday opening",
  questionDescription: "Should the library open on Sundays?",
});

let surveyor: User;
let admin: User;

beforeAll(async () => {
  surveyor = await createUser({ role: "surveyor" });
  admin = await createUser({ role: "admin" });
});

async function countOf(ownerId: string) {
  const db = await getDb();
  return (await db.select({ id: surveys.id }).from(surveys).where(eq(surveys.surveyorId, ownerId))).length;
}

describe("POST /api/create_survey", () => {
  it("creates a published survey owned by the caller, answers 201 { insertedId } and refreshes the public pages", async () => {
    revalidated.length = 0;
    const res = await call(POST, { method: "POST", as: surveyor, body: { ...valid(), surveyorEmail: surveyor.email.toUpperCase() } });
    expect(res.status).toBe(201);
    const id = res.json.insertedId as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const db = await getDb();
    const [row] = await db.select().from(surveys).where(eq(surveys.id, id));
    expect(row).toMatchObject({ ...valid(), surveyorId: surveyor.id, status: "publish", yesCount: 0, noCount: 0, feedback: null });
    // Left out, the results show after voting, as they always did.
    expect(row.resultsVisibility).toBe("after_voting");
    expect(revalidated).toEqual(expect.arrayContaining(["surveys", `survey:${id}`]));
  });

  it("takes resultsVisibility after_voting or after_deadline, and refuses any other value (400)", async () => {
    const db = await getDb();
    for (const resultsVisibility of ["after_deadline", "after_voting"] as const) {
      const res = await call(POST, { method: "POST", as: surveyor, body: { ...valid(), resultsVisibility } });
      expect(res.status).toBe(201);
      const [row] = await db.select().from(surveys).where(eq(surveys.id, res.json.insertedId as string));
      expect(row.resultsVisibility).toBe(resultsVisibility);
    }
    const before = await countOf(surveyor.id);
    for (const resultsVisibility of ["never", "", null, 1, ["after_deadline"]]) {
      const res = await call(POST, { method: "POST", as: surveyor, body: { ...valid(), resultsVisibility } });
      expect(res.status).toBe(400);
      expect(issuesOf(res.json)?.[0]).toEqual({ path: "resultsVisibility", message: "resultsVisibility must be one of after_voting, after_deadline" });
    }
    expect(await countOf(surveyor.id)).toBe(before);
  });

  it(`takes today in the site's time zone (${zone}) and refuses yesterday there`, async () => {
    const ok = await call(POST, { method: "POST", as: surveyor, body: { ...valid(), deadline: today() } });
    expect(ok.status).toBe(201);
    const before = await countOf(surveyor.id);
    const late = await call(POST, { method: "POST", as: surveyor, body: { ...valid(), deadline: shift(today(), -1) } });
    expect(late.status).toBe(400);
    expect(issuesOf(late.json)).toEqual([{ path: "deadline", message: "The deadline cannot be before today" }]);
    expect(await countOf(surveyor.id)).toBe(before);
  });

  it("lets an admin create a survey of their own", async () => {
    const res = await call(POST, { method: "POST", as: admin, body: valid() });
    expect(res.status).toBe(201);
    expect(await countOf(admin.id)).toBe(1);
  });

  it("refuses every invalid body with 400 and the field's message, writing nothing", async () => {
    const before = await countOf(surveyor.id);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: "" }, "title", "Title is required"],
      [{ title: "   " }, "title", "Title is required"],
      [{ title: undefined }, "title", "Title is required"],
      [{ title: "x".repeat(121) }, "title", "Title can be at most 120 characters"],
      [{ title: "Bell\u0007" }, "title", "Title cannot contain control characters or text-direction overrides"],
      [{ title: 42 }, "title", "Title is required"],
      [{ description: "" }, "description", "Description is required"],
      [{ description: "x".repeat(2001) }, "description", "Description can be at most 2000 characters"],
      [{ category: "" }, "category", "Category is required"],
      [{ category: undefined }, "category", "Category is required"],
      [{ category: "Sports" }, "category", "Category must be one of Technology, Education, Health, Entertainment, Other"],
      [{ deadline: "" }, "deadline", "Deadline is required"],
      [{ deadline: undefined }, "deadline", "Deadline is required"],
      [{ deadline: "next week" }, "deadline", "Deadline must be a date (YYYY-MM-DD)"],
      [{ deadline: "2031-02-30" }, "deadline", "Deadline must be a real date"],
      [{ deadline: "2000-01-01" }, "deadline", "The deadline cannot be before today"],
      [{ questionTitle: "" }, "questionTitle", "Question title is required"],
      [{ questionTitle: "x".repeat(201) }, "questionTitle", "Question title can be at most 200 characters"],
      [{ questionDescription: "" }, "questionDescription", "Question description is required"],
      [{ questionDescription: "x".repeat(501) }, "questionDescription", "Question description can be at most 500 characters"],
      [{ status: "unpublish" }, "", "Unknown field: status"],
      [{ yesCount: 100 }, "", "Unknown field: yesCount"],
      [{ surveyorId: admin.id }, "", "Unknown field: surveyorId"],
    ];
    for (const [change, path, message] of cases) {
      const res = await call(POST, { method: "POST", as: surveyor, body: { ...valid(), ...change } });
      expect(res.status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(issuesOf(res.json)?.[0], JSON.stringify(change).slice(0, 60)).toEqual({ path, message });
    }
    // An empty body names every field.
    const empty = await call(POST, { method: "POST", as: surveyor, body: {} });
    expect((empty.json.error as unknown as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual([
      "title",
      "description",
      "category",
      "deadline",
      "questionTitle",
      "questionDescription",
    ]);
    expect((await call(POST, { method: "POST", as: surveyor, rawBody: "{oops", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await call(POST, { method: "POST", as: surveyor, body: [valid()] })).status).toBe(400);
    expect((await call(POST, { method: "POST", as: surveyor, rawBody: JSON.stringify({ ...valid(), description: "x".repeat(40_000) }), headers: { "content-type": "application/json" } })).status).toBe(413);
    expect(await countOf(surveyor.id)).toBe(before);
  });

  it("refuses a surveyorEmail that is not the caller (403), users and pro users (403) and signed-out callers (401)", async () => {
    const other = await createUser({ role: "surveyor" });
    const before = await countOf(other.id) + (await countOf(surveyor.id));
    expect((await call(POST, { method: "POST", as: surveyor, body: { ...valid(), surveyorEmail: other.email } })).status).toBe(403);
    expect((await call(POST, { method: "POST", as: await createUser(), body: valid() })).status).toBe(403);
    expect((await call(POST, { method: "POST", as: await createUser({ role: "pro_user" }), body: valid() })).status).toBe(403);
    expect((await call(POST, { method: "POST", body: valid() })).status).toBe(401);
    expect((await call(POST, { method: "POST", token: "forged.token.value", body: valid() })).status).toBe(401);
    expect(await countOf(other.id) + (await countOf(surveyor.id))).toBe(before);
  });

  it("refuses a cookie-authenticated request from another site (CSRF)", async () => {
    const res = await call(POST, { method: "POST", body: valid(), headers: { origin: "https://evil.example", cookie: "authjs.session-token=x" } });
    expect(res.status).toBe(403);
  });
});
