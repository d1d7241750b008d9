// The integrity panel, for `npm run bench`: a survey with 100,000 votes (bulk-inserted with
// generate_series, beside other surveys' votes and accounts that did not vote), the panel's one
// statement (lib/integrity/integrity-query.mjs) timed N times on the embedded database and on the
// PostgreSQL server (BENCH_DATABASE_URL names its maintenance database; unreachable: skipped), its
// figures checked against the recount from the raw rows, and its plan checked for sequential scans.
// `node bench/integrity.mjs` prints only these rows.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { INTEGRITY_RECOUNT_SQL, INTEGRITY_SQL } from "../lib/integrity/integrity-query.mjs";

const VOTES = Number(process.env.BENCH_INTEGRITY_VOTES ?? 100_000);
const RUNS = Number(process.env.BENCH_INTEGRITY_RUNS ?? 20);
const TARGET_MS = 300;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Applies every migration (drizzle's files, in the journal's order, statement by statement). */
async function migrate(db) {
  const dir = path.resolve("drizzle");
  const { entries } = JSON.parse(fs.readFileSync(path.join(dir, "meta/_journal.json"), "utf8"));
  for (const { tag } of entries) {
    for (const statement of fs.readFileSync(path.join(dir, `${tag}.sql`), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await db.exec(statement);
    }
  }
  return db;
}

/** A fresh in-memory embedded database with every migration applied. */
export async function migratedDatabase(dataDir) {
  return migrate(new PGlite(dataDir));
}

/**
 * A throwaway database on the PostgreSQL server, migrated, behind the same `exec`/`query`/`close` as
 * PGlite's; null when the server cannot be reached.
 */
async function serverDatabase(adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `opinex_integrity_${randomBytes(4).toString("hex")}`;
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const db = {
    exec: (text) => client.query(text),
    query: (text, params) => client.query(text, params),
    async close() {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
  return migrate(db);
}

/**
 * 300,000 accounts (a third of them made within a day, every 20th from one of 50 busy networks),
 * a survey with `VOTES` votes over 10 days (one burst hour of 2,000), and 4 × 100,000 votes on other
 * surveys (the votes table is 5 times the survey's votes).
 */
export async function seed(db) {
  const people = VOTES * 3;
  // A bulk load with the counters' triggers off, counted once afterwards (recount_row_counts), as
  // scripts/scale-seed.ts does: with them on, one statement updates each counter row once per row
  // inserted ('users:user' 300,000 times, each quarter hour of the other surveys 1,000 times), and
  // every update of a row its own transaction already updated must step over all its earlier
  // versions, none of which can be cleaned up before the commit: the load grew with the square of its
  // size (20 minutes where 30 s was measured before the triggers).
  await db.exec(`alter table users disable trigger user; alter table surveys disable trigger user; alter table votes disable trigger all;`);
  await db.exec(`
    insert into users (email, name, role, created_at, email_verified, signup_network)
    select 'integrity-' || g || '@bench.test', 'Voter ' || g, 'user',
           now() - make_interval(days => case when g % 3 = 0 then 0 else g % 400 end, mins => g % 1440),
           case when g % 4 = 0 then null else now() end,
           case when g % 20 = 0 then 'bench0000:net' || (g % 50) else 'bench0000:own' || g end
    from generate_series(1, ${people}) g;
    insert into users (email, name, role) values ('integrity-owner@bench.test', 'Owner', 'surveyor');
    insert into surveys (title, description, category, deadline, question_title, question_description, surveyor_id, created_at)
    select 'Integrity ' || g, 'Bench', 'Technology', current_date + 30, 'Q', 'D', (select id from users where email = 'integrity-owner@bench.test'), now() - interval '11 days'
    from generate_series(1, 5) g;
  `);
  const { rows: surveys } = await db.query(`select id from surveys order by title`);
  const [main, ...others] = surveys.map((s) => s.id);
  await db.query(
    `with voters as (select id, row_number() over (order by email) as g from users where role = 'user')
     insert into votes (survey_id, user_id, vote, created_at)
     select $1::uuid, id, case when g % 3 = 0 then 'no'::vote_value else 'yes'::vote_value end,
            case when g <= 2000 then now() - interval '2 days' + make_interval(secs => g % 60)
                 else now() - make_interval(secs => (g * 8.64)::int % 864000) end
     from voters where g <= ${VOTES}`,
    [main],
  );
  for (const [i, id] of others.entries()) {
    await db.query(
      `with voters as (select id, row_number() over (order by md5(email || $2)) as g from users where role = 'user')
       insert into votes (survey_id, user_id, vote, created_at)
       select $1::uuid, id, 'yes', now() - make_interval(secs => g % 86400) from voters where g <= ${VOTES}`,
      [id, String(i)],
    );
  }
  await db.exec(`update surveys s set yes_count = (select count(*) from votes v where v.survey_id = s.id and v.vote = 'yes'),
                                      no_count = (select count(*) from votes v where v.survey_id = s.id and v.vote = 'no');`);
  await db.exec(`alter table users enable trigger user; alter table surveys enable trigger user; alter table votes enable trigger all;
                 select recount_row_counts(); analyze;`);
  return main;
}

/** Seeds `db`, then times the panel and reads its plan; closes `db`. */
async function measure(db) {
  const seedStart = performance.now();
  const surveyId = await seed(db);
  const seedMs = performance.now() - seedStart;
  const plan = (await db.query(`explain ${process.env.BENCH_INTEGRITY_PLAN === "analyze" ? "(analyze, buffers off) " : ""}${INTEGRITY_SQL}`, [surveyId])).rows.map((r) => r["QUERY PLAN"]).join("\n");
  const seqScans = plan.split("\n").filter((line) => /Seq Scan on (votes|users|survey_signup_networks)\b/.test(line)).map((line) => line.trim().replace(/\s+\(cost.*$/, ""));
  await db.query(INTEGRITY_SQL, [surveyId]); // warm
  const times = [];
  let figures = null;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    figures = (await db.query(INTEGRITY_SQL, [surveyId])).rows[0];
    times.push(performance.now() - t);
  }
  const recount = (await db.query(INTEGRITY_RECOUNT_SQL, [surveyId])).rows[0];
  await db.close();
  const same = JSON.stringify(figures) === JSON.stringify(recount);
  return { p50: percentile(times, 50), p95: percentile(times, 95), figures, same, recount, seedMs, seqScans, plan };
}

export async function benchIntegrity({ row, fmt, ok, log }) {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://opinex_ci:opinex_ci@localhost:5432/postgres";
  const results = {};
  for (const where of ["embedded database", "PostgreSQL"]) {
    log(`integrity panel: seeding ${VOTES.toLocaleString("en-US")} votes on the ${where}...`);
    const db = where === "PostgreSQL" ? await serverDatabase(adminUrl) : await migratedDatabase();
    if (!db) {
      row("9 integrity panel", `panel of a survey with ${VOTES.toLocaleString("en-US")} votes (${where})`, `skipped: ${adminUrl.replace(/\/\/[^@]*@/, "//")} unreachable`);
      continue;
    }
    const r = await measure(db);
    results[where] = r;
    const f = r.figures;
    row(
      "9 integrity panel",
      `panel of a survey with ${VOTES.toLocaleString("en-US")} votes (${where}, ${RUNS} runs)`,
      `p50 ${fmt(r.p50)} ms, p95 ${fmt(r.p95)} ms (${f.votes} votes, ${f.burstHours} burst hour, ${f.sharedVotes} from shared networks; ${r.same ? "same figures as the recount from the rows" : "DIFFERENT from the recount"}; seeded in ${fmt(r.seedMs / 1000, 1)} s)`,
      `p50 < ${TARGET_MS} ms, figures = recount`,
      ok(r.p50 < TARGET_MS && r.same),
    );
    if (!r.same) log("panel:", JSON.stringify(f), "recount:", JSON.stringify(r.recount));
    // The panel reads kept figures only: the votes, their voters and the networks are never scanned whole
    // (a table of a few rows per survey may be, when the planner finds it cheaper).
    row("9 integrity panel", `sequential scans of votes, users or networks in its plan (${where})`, r.seqScans.length === 0 ? "none" : r.seqScans.join("; "), "none", ok(r.seqScans.length === 0));
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  const results = await benchIntegrity({
    row: (...cells) => console.log(`| ${cells.join(" | ")} |`),
    fmt,
    ok: (pass) => (pass ? "ok" : "MISSED"),
    log: (...args) => console.error("·", ...args),
  });
  if (process.env.BENCH_INTEGRITY_PLAN) for (const [where, r] of Object.entries(results)) console.log(`${where}:\n${r.plan}`);
}
