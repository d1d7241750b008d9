// The integrity panel on the embedded database, for `npm run bench`: a survey with 100,000 votes
// (bulk-inserted with generate_series, beside other surveys' votes and accounts that did not vote),
// the panel's one statement (lib/services/integrity-query.mjs) timed N times, and its plan checked for
// sequential scans of the votes table. `node bench/integrity.mjs` prints only these rows.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { INTEGRITY_SQL } from "../lib/services/integrity-query.mjs";

const VOTES = Number(process.env.BENCH_INTEGRITY_VOTES ?? 100_000);
const RUNS = Number(process.env.BENCH_INTEGRITY_RUNS ?? 20);
const TARGET_MS = 300;

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** A fresh in-memory database with every migration applied (drizzle's files, statement by statement). */
export async function migratedDatabase(dataDir) {
  const db = new PGlite(dataDir);
  const dir = path.resolve("drizzle");
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".sql")).sort()) {
    for (const statement of fs.readFileSync(path.join(dir, file), "utf8").split("--> statement-breakpoint")) {
      if (statement.trim()) await db.exec(statement);
    }
  }
  return db;
}

/**
 * 300,000 accounts (a third of them made within a day, every 20th from one of 50 busy networks),
 * a survey with `VOTES` votes over 10 days (one burst hour of 2,000), and 4 × 100,000 votes on other
 * surveys (the votes table is 5 times the survey's votes).
 */
export async function seed(db) {
  const people = VOTES * 3;
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
                                      no_count = (select count(*) from votes v where v.survey_id = s.id and v.vote = 'no'); analyze;`);
  return main;
}

export async function benchIntegrity({ row, fmt, ok, log }) {
  log(`integrity panel: seeding ${VOTES.toLocaleString("en-US")} votes on the embedded database...`);
  const db = await migratedDatabase();
  const seedStart = performance.now();
  const surveyId = await seed(db);
  const seedMs = performance.now() - seedStart;
  const plan = (await db.query(`explain ${process.env.BENCH_INTEGRITY_PLAN === "analyze" ? "(analyze, buffers off) " : ""}${INTEGRITY_SQL}`, [surveyId])).rows.map((r) => r["QUERY PLAN"]).join("\n");
  const seqScans = plan.split("\n").filter((line) => /Seq Scan on (votes|users)\b/.test(line)).map((line) => line.trim().replace(/\s+\(cost.*$/, ""));
  await db.query(INTEGRITY_SQL, [surveyId]); // warm
  const times = [];
  let figures = null;
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    figures = (await db.query(INTEGRITY_SQL, [surveyId])).rows[0];
    times.push(performance.now() - t);
  }
  await db.close();
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  row(
    "9 integrity panel",
    `panel of a survey with ${VOTES.toLocaleString("en-US")} votes (embedded database, ${RUNS} runs)`,
    `p50 ${fmt(p50)} ms, p95 ${fmt(p95)} ms (${figures.votes} votes, ${figures.burstHours} burst hour, ${figures.sharedVotes} from shared networks; seeded in ${fmt(seedMs / 1000, 1)} s)`,
    `p50 < ${TARGET_MS} ms`,
    ok(p50 < TARGET_MS),
  );
  // The voters are joined by hash: with a third of all accounts among them, one pass over users beats
  // 100,000 primary-key look-ups, so only a sequential scan of votes counts as a miss.
  const votesScans = seqScans.filter((s) => /on votes/.test(s));
  row("9 integrity panel", "sequential scans in its plan (votes must have none)", seqScans.length === 0 ? "none" : seqScans.join("; "), "no scan of votes", ok(votesScans.length === 0));
  return { p50, p95, plan };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  const { plan } = await benchIntegrity({
    row: (...cells) => console.log(`| ${cells.join(" | ")} |`),
    fmt,
    ok: (pass) => (pass ? "ok" : "MISSED"),
    log: (...args) => console.error("·", ...args),
  });
  if (process.env.BENCH_INTEGRITY_PLAN) console.log(plan);
}
