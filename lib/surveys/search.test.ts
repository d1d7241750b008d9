// The public list's search and open/closed filter (lib/surveys/queries.ts), on the database the tests
// run on (PGlite by default, PostgreSQL with TEST_DATABASE_URL): which surveys a search finds, in the
// list's order, with the filters; that what people type cannot reach the SQL; and how a search is
// normalised before it reaches the query.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db";
import { queryRows } from "@/lib/db/client";
import { createUser } from "@/tests/factories";
import { surveys, type Category } from "@/models";
import { normaliseSearch, SEARCH_MAX_LENGTH, surveyListQuerySchema } from "./list-schema";
import { countListedSurveys, FILTERED_COUNT_CAP, listPublishedSurveys, searchPublishedSurveys } from "./queries";

const TODAY = "2030-06-15";
type Row = { title: string; question?: string; description?: string; deadline?: string; votes?: number; category?: Category; status?: "publish" | "unpublish"; created: number };

const ROWS: Row[] = [
  { title: "Should the library open on Sundays?", question: "Would you visit on a Sunday morning?", votes: 40, created: 1 },
  { title: "Is remote work here to stay?", description: "Offices, commuting and teams that never meet.", votes: 30, created: 2, deadline: "2030-06-14" },
  { title: "Voting by phone", question: "Should votes be cast from a phone?", votes: 20, created: 3, category: "Technology", deadline: TODAY },
  { title: "Libraries after dark", question: "Should libraries stay open until midnight?", votes: 10, created: 4, deadline: "2030-01-01" },
  { title: "A café for the naïve", question: "Is e-mail still the best way to reach you?", votes: 5, created: 5, category: "Other" },
  { title: "Hidden library survey", votes: 99, created: 6, status: "unpublish" },
];

const titles = (list: { title: string }[]) => list.map((s) => s.title);
const search = (q: string, more: Parameters<typeof listPublishedSurveys>[0] = {}) => listPublishedSurveys({ q: normaliseSearch(q), today: TODAY, ...more }).then(titles);

describe("the public list's search and open/closed filter", () => {
  beforeAll(async () => {
    const surveyor = await createUser({ role: "surveyor" });
    const db = await getDb();
    await db.insert(surveys).values(
      ROWS.map((r) => ({
        title: r.title,
        description: r.description ?? "A survey of the search test.",
        category: r.category ?? "Education",
        deadline: r.deadline ?? "2030-12-31",
        questionTitle: r.question ?? "Do you agree?",
        questionDescription: "Answer yes or no.",
        status: r.status ?? "publish",
        yesCount: r.votes ?? 0,
        surveyorId: surveyor.id,
        createdAt: new Date(Date.UTC(2030, 0, r.created)),
      })),
    );
  });

  it("finds the words of the title, the question and the description, stemmed (library finds libraries), published only, in the list's order", async () => {
    expect(await search("library")).toEqual(["Should the library open on Sundays?", "Libraries after dark"]);
    expect(await search("library", { sort: "createdAt" })).toEqual(["Libraries after dark", "Should the library open on Sundays?"]);
    expect(await search("midnight")).toEqual(["Libraries after dark"]);
    expect(await search("commuting")).toEqual(["Is remote work here to stay?"]);
    // "vote" finds "Voting" and "votes"; every word must be there.
    expect(await search("vote phone")).toEqual(["Voting by phone"]);
    expect(await search("Sunday LIBRARY")).toEqual(["Should the library open on Sundays?"]);
  });

  it("understands -word and or, and finds letters beyond ASCII and hyphenated words", async () => {
    expect(await search("library -sunday")).toEqual(["Libraries after dark"]);
    expect(await search("midnight or commuting")).toEqual(["Is remote work here to stay?", "Libraries after dark"]);
    expect(await search("Café")).toEqual(["A café for the naïve"]);
    expect(await search("e-mail")).toEqual(["A café for the naïve"]);
  });

  it("finds nothing for words no survey has, and for a search of only common words ('the')", async () => {
    expect(await search("zebra")).toEqual([]);
    expect(await search("the")).toEqual([]);
    expect(await countListedSurveys({ q: "zebra" })).toBe(0);
  });

  it("filters open (the deadline day included) and closed surveys by the day given, alone or with a search and a category", async () => {
    const open = await listPublishedSurveys({ status: "open", today: TODAY });
    expect(titles(open)).toEqual(["Should the library open on Sundays?", "Voting by phone", "A café for the naïve"]);
    expect(titles(await listPublishedSurveys({ status: "closed", today: TODAY }))).toEqual(["Is remote work here to stay?", "Libraries after dark"]);
    // The next day, the survey whose deadline was "today" has closed.
    expect(titles(await listPublishedSurveys({ status: "closed", today: "2030-06-16" }))).toContain("Voting by phone");
    expect(await search("library", { status: "closed" })).toEqual(["Libraries after dark"]);
    expect(await search("library", { status: "open" })).toEqual(["Should the library open on Sundays?"]);
    expect(titles(await listPublishedSurveys({ status: "open", today: TODAY, category: "Technology" }))).toEqual(["Voting by phone"]);
    expect(await countListedSurveys({ status: "open", today: TODAY })).toBe(3);
    expect(await countListedSurveys({ status: "closed", today: TODAY })).toBe(2);
    expect(await countListedSurveys({ status: "open", today: TODAY, q: "library" })).toBe(1);
    expect(await countListedSurveys({ q: "library" })).toBe(2);
    await expect(listPublishedSurveys({ status: "open" })).rejects.toThrow("day");
  });

  it("pages a search without overlap", async () => {
    const all = await search("survey or library or vote or remote or café");
    expect(all.length).toBe(5);
    const pages = await Promise.all([1, 2, 3].map((page) => search("survey or library or vote or remote or café", { page, limit: 2 })));
    expect(pages.flat()).toEqual(all);
  });

  it("keeps whatever is typed out of the SQL: quotes, operators, comments and tsquery syntax find nothing or the plain words, never an error, never another table", async () => {
    const before = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from surveys`);
    for (const typed of ["'; drop table surveys; --", "library') or 1=1 --", "a & b | !c", "library:*", "(((", "\\\\", '"unbalanced', "<script>", "%", "_", "''", "😀", "ｌｉｂｒａｒｙ"]) {
      const q = normaliseSearch(typed);
      if (!q) continue;
      const found = await listPublishedSurveys({ q, today: TODAY });
      expect(found.every((s) => s.status === "publish"), typed).toBe(true);
    }
    // The raw text itself, past the normalisation, is only ever a parameter of websearch_to_tsquery.
    for (const raw of ["'); drop table surveys; --", "a & b | !c:*", "(((", "\\"]) {
      await expect(listPublishedSurveys({ q: raw })).resolves.toBeInstanceOf(Array);
      await expect(countListedSurveys({ q: raw })).resolves.toBeTypeOf("number");
    }
    expect(await search("drop table surveys")).toEqual([]);
    const after = await queryRows<{ n: number }>(await getDb(), sql`select count(*)::int as n from surveys`);
    expect(after).toEqual(before);
  });

  it("reads a page the same whether it reads the matches first or walks the order's index (searchPublishedSurveys picks by the count)", async () => {
    const q = "survey or library or vote or remote or café";
    for (const sort of ["totalVotes", "createdAt"] as const) {
      for (const page of [1, 2, 3]) {
        const walked = await listPublishedSurveys({ q, sort, page, limit: 2 });
        expect(await listPublishedSurveys({ q, sort, page, limit: 2, matchesFirst: true }), `${sort} ${page}`).toEqual(walked);
      }
    }
    const found = await searchPublishedSurveys({ q: "library", status: "open", today: TODAY });
    expect({ titles: titles(found.surveys), total: found.total }).toEqual({ titles: ["Should the library open on Sundays?"], total: 1 });
    expect(await searchPublishedSurveys({ q: "zebra" })).toEqual({ surveys: [], total: 0 });
  });

  it("counts a filtered view up to one more than the list shows", () => {
    expect(FILTERED_COUNT_CAP).toBe(12_001);
  });
});

describe("normaliseSearch", () => {
  it("lower-cases, keeps letters, digits and hyphens, makes everything else one space, trims", () => {
    expect(normaliseSearch("  Remote   WORK ")).toBe("remote work");
    expect(normaliseSearch("Café, naïve?  e-mail!")).toBe("café naïve e-mail");
    expect(normaliseSearch("covid-19\tvaccines\n2030")).toBe("covid-19 vaccines 2030");
    expect(normaliseSearch("'; DROP TABLE surveys; --")).toBe("drop table surveys");
    expect(normaliseSearch("a&b|!c:*")).toBe("a b c");
    expect(normaliseSearch("-sunday library")).toBe("-sunday library");
  });

  it("leaves nothing of punctuation, hyphens alone or symbols", () => {
    for (const empty of ["", "   ", "---", "- -- -", "!!!", "😀", "'\"<>"]) expect(normaliseSearch(empty), empty).toBe("");
  });

  it("cuts at SEARCH_MAX_LENGTH characters, at a word's end when one fits", () => {
    expect(SEARCH_MAX_LENGTH).toBe(60);
    const long = "word ".repeat(30);
    expect(normaliseSearch(long)).toBe("word ".repeat(12).trim());
    expect(normaliseSearch("x".repeat(100))).toBe("x".repeat(60));
    expect(normaliseSearch(`${"y".repeat(59)}-${"z".repeat(10)}`)).toBe("y".repeat(59));
  });

  it("is idempotent: a normalised search normalises to itself", () => {
    for (const typed of ["  Remote   WORK ", "Café, naïve?", "İstanbul ΣΟΦΙΑ", "ｌｉｂｒａｒｙ", "x -y or z", "word ".repeat(30)]) {
      const once = normaliseSearch(typed);
      expect(normaliseSearch(once), typed).toBe(once);
    }
  });

  it("is what the list's query schema (and so the API) applies; nothing left means no search, and an absurd length is refused", () => {
    expect(surveyListQuerySchema.parse({ q: "  Library!! " }).q).toBe("library");
    expect(surveyListQuerySchema.parse({ q: "!!!" }).q).toBeUndefined();
    expect(surveyListQuerySchema.parse({}).q).toBeUndefined();
    expect(surveyListQuerySchema.safeParse({ q: "x".repeat(501) }).success).toBe(false);
    expect(surveyListQuerySchema.parse({ status: "open" }).status).toBe("open");
    expect(surveyListQuerySchema.parse({ status: "" }).status).toBeUndefined();
    expect(surveyListQuerySchema.safeParse({ status: "ended" }).success).toBe(false);
  });
});
