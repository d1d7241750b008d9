import { sql } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { createApiToken } from "@/lib/auth/api-token";
import { getDb } from "@/lib/db";
import { voterPages } from "@/lib/surveys/voters";
import { surveys, votes, type User } from "@/models";
import { createSurvey, createUser } from "@/tests/factories";
import { call } from "@/tests/http";
import { GET } from "./route";

let owner: User;

beforeAll(async () => {
  owner = await createUser({ role: "surveyor" });
});

/** The voter rows of an export: everything after the "Serial No" header line. */
function voterRows(csv: string): string[][] {
  const records = parse(csv.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true }) as string[][];
  const header = records.findIndex((r) => r[0] === "Serial No");
  return records.slice(header + 1);
}

/**
 * `n` voters on a survey, written by the database itself (20,000 rows in one statement). Loaded as
 * scripts/scale-seed.ts loads: the per-row counter triggers off, the counters recounted once after. With
 * them on, each row updates the same counter rows again inside one transaction, and the cost grows with
 * the square of `n` (docs/performance.md): 20,000 accounts alone took 12 s, the whole test up to 60 s.
 */
async function manyVotes(surveyId: string, n: number) {
  const db = await getDb();
  await db.execute(sql`alter table users disable trigger user`);
  await db.execute(sql`alter table votes disable trigger user`);
  await db.execute(sql`
    with people as (
      insert into users (email, name, role)
      select 'bulk-' || ${surveyId}::text || '-' || g || '@test.example', 'Bulk Voter ' || g, 'user'
      from generate_series(1, ${n}) g
      returning id, name
    )
    insert into votes (survey_id, user_id, vote, created_at)
    select ${surveyId}::uuid, id, (case when random() < 0.5 then 'yes' else 'no' end)::vote_value,
           now() - interval '1 day' + (substring(name from 12)::int) * interval '1 millisecond'
    from people`);
  await db.execute(sql`alter table users enable trigger user`);
  await db.execute(sql`alter table votes enable trigger user`);
  await db.execute(sql`select recount_row_counts()`);
  await db.execute(sql`
    update surveys set
      yes_count = (select count(*) from votes where survey_id = ${surveyId} and vote = 'yes'),
      no_count = (select count(*) from votes where survey_id = ${surveyId} and vote = 'no')
    where id = ${surveyId}`);
}

function request(surveyId: string, as: { id: string }) {
  const req = new NextRequest(`http://localhost:3000/api/survey/${surveyId}/export`, {
    headers: { authorization: `Bearer ${createApiToken(as.id).token}` },
  });
  return GET(req, { params: Promise.resolve({ id: surveyId }) });
}

describe("GET /api/survey/{id}/export", () => {
  it("downloads the figures and the voters as a UTF-8 CSV with correct quoting and no live formulas", async () => {
    const db = await getDb();
    const survey = await createSurvey(owner.id, { title: "=HYPERLINK(\"http://evil.example\",\"click\")" });
    const attacker = await createUser({ name: "+cmd|' /C calc'!A0" });
    const quoter = await createUser({ name: "Zoë \"Q\" O'Neil, Jr." });
    await db.insert(votes).values([
      { surveyId: survey.id, userId: attacker.id, vote: "yes", comment: "@SUM(1+1)", createdAt: new Date(Date.now() - 2000) },
      { surveyId: survey.id, userId: quoter.id, vote: "no", comment: "Line one,\nline \"two\"", createdAt: new Date(Date.now() - 1000) },
    ]);
    await db.execute(sql`update ${surveys} set yes_count = 1, no_count = 1 where id = ${survey.id}`);

    const res = await request(survey.id, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="hyperlinkhttpevilexampleclick-[0-9a-f]{8}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);

    const records = parse(text.replace(/^\uFEFF/, ""), { relax_column_count: true, skip_empty_lines: true }) as string[][];
    expect(records[0]).toEqual(["Survey", "'=HYPERLINK(\"http://evil.example\",\"click\")"]);
    expect(records).toContainEqual(["Yes", "1"]);
    expect(records).toContainEqual(["Total Votes", "2"]);
    const rows = voterRows(text);
    expect(rows.map((r) => r.slice(0, 5))).toEqual([
      ["1", "'+cmd|' /C calc'!A0", attacker.email, "Yes", "'@SUM(1+1)"],
      ["2", "Zoë \"Q\" O'Neil, Jr.", quoter.email, "No", "Line one,\nline \"two\""],
    ]);
    // No cell of the file starts a formula.
    for (const record of records) for (const cell of record) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it("has the header and no voter rows for a survey nobody voted on", async () => {
    const survey = await createSurvey(owner.id);
    const text = await (await request(survey.id, owner)).text();
    expect(text).toContain("Serial No,User Name,User Email,Vote,Comment,Voted At");
    expect(voterRows(text)).toEqual([]);
  });

  it("streams 20,000 voters page by page: rows written after the download started still arrive, and no chunk holds more than a page", async () => {
    const survey = await createSurvey(owner.id);
    await manyVotes(survey.id, 20_000);

    // The service reads 1,000 rows per query: 20 queries for 20,000 voters.
    let pages = 0;
    for await (const page of voterPages(survey.id, 1000)) {
      expect(page.length).toBeLessThanOrEqual(1000);
      pages++;
    }
    expect(pages).toBe(20);

    const res = await request(survey.id, owner);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const chunks: string[] = [];
    // The figures, then the first page of voters.
    for (let i = 0; i < 2; i++) chunks.push(decoder.decode((await reader.read()).value, { stream: true }));
    expect(chunks[1].split("\r\n").filter(Boolean)).toHaveLength(1000);

    // A vote cast now, after the download began, sorts last. Had the export loaded every row at the
    // start, it would be missing from the file.
    const late = await createUser({ name: "Late Voter" });
    const db = await getDb();
    await db.insert(votes).values({ surveyId: survey.id, userId: late.id, vote: "no" });

    const heapBefore = process.memoryUsage().heapUsed;
    let biggest = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      biggest = Math.max(biggest, value.byteLength);
      chunks.push(decoder.decode(value, { stream: true }));
    }
    const heapGrowthMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    const rows = voterRows(chunks.join(""));
    expect(rows).toHaveLength(20_001);
    expect(rows[0][0]).toBe("1");
    expect(rows[20_000].slice(0, 4)).toEqual(["20001", "Late Voter", late.email, "No"]);
    expect(chunks.length).toBeGreaterThanOrEqual(22);
    // One page of 1,000 short rows is well under 200 KB.
    expect(biggest).toBeLessThan(200_000);
    console.info(`export of 20,001 voters: ${chunks.length} chunks, largest ${biggest} bytes, heap growth ${heapGrowthMb.toFixed(1)} MB`);
  });

  it("refuses another surveyor and voters (403), signed-out callers (401) and unknown ids (404)", async () => {
    const survey = await createSurvey(owner.id);
    expect((await call(GET, { as: await createUser({ role: "surveyor" }), params: { id: survey.id } })).status).toBe(403);
    expect((await call(GET, { as: await createUser(), params: { id: survey.id } })).status).toBe(403);
    expect((await call(GET, { as: await createUser({ role: "pro_user" }), params: { id: survey.id } })).status).toBe(403);
    expect((await call(GET, { params: { id: survey.id } })).status).toBe(401);
    expect((await call(GET, { as: owner, params: { id: "0badf00d-0000-4000-8000-000000000000" } })).status).toBe(404);
    expect((await call(GET, { as: await createUser({ role: "admin" }), params: { id: survey.id } })).status).toBe(200);
  });
});
