// Vote storms against a production server (`npm start` from the build), on PGlite and on the
// PostgreSQL server: 200 people send 2,000 vote attempts over 10 surveys at once (every person a
// client of its own, all 200 in flight together), with reports and pro_users' comments mixed in.
// Afterwards: exactly one vote per person per survey, every counter equal to its rows, no 5xx.
import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { hashPassword } from "@/lib/auth/password";
import { queryRows } from "@/lib/db/client";
import { users } from "@/models";
import { PG_URL, apiToken, baseEnv, createPgDatabase, hasBuild, openSurveyIds, seed, startServer, stopServer, tempDir, withDb, type Server } from "./helpers";

const PEOPLE = 200;
const PRO_USERS = 50;
const SURVEYS = 10;
const VOTES_PER_PERSON = 10;
const REPORTS_PER_PERSON = 2;

type Target = { url?: string; dataDir?: string };
type Attempt = { kind: "vote" | "comment" | "report"; personIndex: number; surveyId: string };

/** A small deterministic generator, so a failing storm can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function createPeople(target: Target) {
  const passwordHash = await hashPassword("storm-password-1");
  return withDb(target, (db) =>
    db
      .insert(users)
      .values(
        Array.from({ length: PEOPLE }, (_, i) => ({
          name: `Storm ${i}`,
          email: `storm-${randomBytes(6).toString("hex")}@example.test`,
          passwordHash,
          role: i < PRO_USERS ? ("pro_user" as const) : ("user" as const),
        })),
      )
      .returning({ id: users.id, role: users.role }),
  );
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** The surveys and the people, written before the server starts (PGlite is held by one process). */
async function prepare(target: Target) {
  const surveyIds = await openSurveyIds(target, SURVEYS);
  expect(surveyIds).toHaveLength(SURVEYS);
  return { surveyIds, people: await createPeople(target) };
}

async function storm(server: Server, { surveyIds, people }: Awaited<ReturnType<typeof prepare>>, label: string) {
  const next = random(16);
  const pick = () => surveyIds[Math.floor(next() * SURVEYS)];
  // Each person: 10 vote attempts on surveys drawn with replacement (so many are repeats, which must
  // be refused), pro_users with a comment; 2 reports; interleaved in a shuffled order.
  const plans: Attempt[][] = people.map((person, personIndex) => {
    const plan: Attempt[] = [];
    for (let i = 0; i < VOTES_PER_PERSON; i++) plan.push({ kind: person.role === "pro_user" ? "comment" : "vote", personIndex, surveyId: pick() });
    for (let i = 0; i < REPORTS_PER_PERSON; i++) plan.push({ kind: "report", personIndex, surveyId: pick() });
    return plan.sort(() => next() - 0.5);
  });

  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  const accepted = { vote: new Set<string>(), report: new Set<string>() };
  const doubleAccepted: string[] = [];
  let serverErrors = 0;
  const started = performance.now();
  await Promise.all(
    plans.map(async (plan) => {
      for (const attempt of plan) {
        const person = people[attempt.personIndex];
        const isReport = attempt.kind === "report";
        const body = isReport ? {} : { vote: next() < 0.5 ? "yes" : "no", ...(attempt.kind === "comment" && { comment: `Storm comment ${attempt.personIndex}` }) };
        const t0 = performance.now();
        const response = await fetch(`${server.url}/api/${isReport ? "report_survey" : "vote"}/${attempt.surveyId}`, {
          method: "PUT",
          headers: { authorization: `Bearer ${apiToken(person.id)}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - t0);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) serverErrors++;
        if (response.status === 200) {
          const set = isReport ? accepted.report : accepted.vote;
          const key = `${attempt.surveyId}/${person.id}`;
          if (set.has(key)) doubleAccepted.push(`${attempt.kind} ${key}`);
          set.add(key);
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const attempts = plans.flat();
  const distinct = (kind: "vote" | "report") =>
    new Set(attempts.filter((a) => (kind === "vote" ? a.kind !== "report" : a.kind === "report")).map((a) => `${a.surveyId}/${people[a.personIndex].id}`)).size;
  const sorted = [...latencies].sort((a, b) => a - b);
  const refused = attempts.length - accepted.vote.size - accepted.report.size;
  console.log(
    `Vote storm on ${label}: ${PEOPLE} people, ${attempts.length} attempts (${attempts.filter((a) => a.kind !== "report").length} votes, ` +
      `${attempts.filter((a) => a.kind === "comment").length} with comments, ${attempts.filter((a) => a.kind === "report").length} reports) over ${SURVEYS} surveys in ${seconds.toFixed(1)} s: ` +
      `${accepted.vote.size} votes and ${accepted.report.size} reports accepted, ${refused} refused ` +
      `(${[...statuses].sort().map(([s, n]) => `${n}x${s}`).join(", ")}), p50 ${percentile(sorted, 50).toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms`,
  );

  expect(serverErrors).toBe(0);
  expect(doubleAccepted).toEqual([]);
  // Every first attempt per person and survey was accepted, every repeat refused with 409.
  expect(accepted.vote.size).toBe(distinct("vote"));
  expect(accepted.report.size).toBe(distinct("report"));
  expect(statuses.get(409)).toBe(attempts.length - accepted.vote.size - accepted.report.size);

  const placeholders = sql.join(surveyIds.map((s) => sql`${s}::uuid`), sql`, `);
  const stormers = sql.join(people.map((p) => sql`${p.id}::uuid`), sql`, `);
  return { surveyIds, accepted, placeholders, stormers, people };
}

async function check(target: Target, result: Awaited<ReturnType<typeof storm>>) {
  await withDb(target, async (db) => {
    const votes = await queryRows<{ survey_id: string; user_id: string; n: number; comments: number }>(
      db,
      sql`select survey_id, user_id, count(*)::int as n, count(comment)::int as comments from votes
          where survey_id in (${result.placeholders}) and user_id in (${result.stormers}) group by survey_id, user_id`,
    );
    expect(votes.filter((v) => v.n !== 1)).toEqual([]);
    expect(new Set(votes.map((v) => `${v.survey_id}/${v.user_id}`))).toEqual(result.accepted.vote);
    const proIds = new Set(result.people.filter((p) => p.role === "pro_user").map((p) => p.id));
    expect(votes.filter((v) => (v.comments === 1) !== proIds.has(v.user_id))).toEqual([]);
    const reports = await queryRows<{ survey_id: string; user_id: string; n: number }>(
      db,
      sql`select survey_id, user_id, count(*)::int as n from reports
          where survey_id in (${result.placeholders}) and user_id in (${result.stormers}) group by survey_id, user_id`,
    );
    expect(reports.filter((r) => r.n !== 1)).toEqual([]);
    expect(new Set(reports.map((r) => `${r.survey_id}/${r.user_id}`))).toEqual(result.accepted.report);
    const mismatched = await queryRows<{ id: string }>(
      db,
      sql`select s.id from surveys s where s.yes_count <> (select count(*) from votes v where v.survey_id = s.id and v.vote = 'yes')
          or s.no_count <> (select count(*) from votes v where v.survey_id = s.id and v.vote = 'no')`,
    );
    expect(mismatched).toEqual([]);
  });
}

if (!hasBuild) console.warn("tests/ops/vote-storm: no production build (.next): run `npm run build` first; skipping.");

async function stormAndCheck(port: number, env: Record<string, string>, target: Target, label: string) {
  seed(env);
  const prepared = await prepare(target);
  const server = await startServer(port, env);
  let result;
  try {
    result = await storm(server, prepared, label);
  } finally {
    const errors = server.lines.filter((line) => /"status":5\d\d|"level":"error"/.test(line));
    if (errors.length > 0) console.log(`${label}: ${errors.length} error lines in the server log, the first:\n${errors.slice(0, 3).join("\n")}`);
    expect(await stopServer(server)).toBe(0);
  }
  const fiveHundreds = server.lines.filter((line) => /"status":5\d\d/.test(line));
  expect(fiveHundreds).toEqual([]);
  await check(target, result);
}

describe.skipIf(!hasBuild)("a vote storm on PGlite", () => {
  const dataDir = tempDir("storm");
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("counts exactly one vote and one report per person per survey, counters equal to rows, no 5xx", async () => {
    await stormAndCheck(7531, baseEnv({ DATA_DIR: dataDir }), { dataDir }, "PGlite");
  });
});

describe.skipIf(!hasBuild || !PG_URL)("a vote storm on the PostgreSQL server", () => {
  let database: Awaited<ReturnType<typeof createPgDatabase>> | undefined;
  afterAll(async () => database?.drop());

  it("counts exactly one vote and one report per person per survey, counters equal to rows, no 5xx", async () => {
    database = await createPgDatabase();
    await stormAndCheck(7532, baseEnv({ DATABASE_URL: database.url }), { url: database.url }, "PostgreSQL");
  });
});
