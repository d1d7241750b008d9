// Section 15 of `npm run bench` (bench/index.mjs): one viral survey. 5,000 distinct verified voters
// vote through two app servers on the bench's PostgreSQL database (the bench's own server and one more,
// requests alternating between them, 50 in flight): spread over 100 open surveys, and all on one survey
// (in halves, spread, one, one, spread). Printed: both rates, absolute, and the one survey's against the spread (target 0.8 ×); then
// whether every figure the votes move equals a recount from the rows: each survey's yes/no counters,
// its quarter-hour buckets (the votes-over-time chart) and its integrity row (votes, verified).
import { spawn } from "node:child_process";
import { castVotes } from "./lib/cast-votes.mjs";
import { stop, waitFor } from "./lib/processes.mjs";

const VOTERS = 5000;
const SPREAD = 100;

/** Surveys among `ids` whose counters, buckets or integrity row differ from a recount of their votes. */
async function miscounted(db, ids) {
  const { rows } = await db.query(
    `WITH v AS (
       SELECT survey_id, count(*) FILTER (WHERE vote = 'yes') AS yes, count(*) FILTER (WHERE vote = 'no') AS no
       FROM votes WHERE survey_id = ANY($1::uuid[]) AND voided_at IS NULL GROUP BY survey_id),
     b AS (SELECT survey_id, sum(yes) AS yes, sum(no) AS no FROM survey_vote_buckets WHERE survey_id = ANY($1::uuid[]) GROUP BY survey_id),
     i AS (SELECT survey_id, votes, verified FROM survey_integrity WHERE survey_id = ANY($1::uuid[])),
     r AS (
       SELECT v.survey_id, count(*) AS votes, count(*) FILTER (WHERE u.email_verified IS NOT NULL) AS verified
       FROM votes v JOIN users u ON u.id = v.user_id WHERE v.survey_id = ANY($1::uuid[]) AND v.voided_at IS NULL GROUP BY v.survey_id)
     SELECT s.id,
       s.yes_count = coalesce(v.yes, 0) AND s.no_count = coalesce(v.no, 0) AS counters,
       coalesce(b.yes, 0) = coalesce(v.yes, 0) AND coalesce(b.no, 0) = coalesce(v.no, 0) AS buckets,
       coalesce(i.votes, 0) = coalesce(r.votes, 0) AND coalesce(i.verified, 0) = coalesce(r.verified, 0) AS integrity
     FROM surveys s LEFT JOIN v ON v.survey_id = s.id LEFT JOIN b ON b.survey_id = s.id
       LEFT JOIN i ON i.survey_id = s.id LEFT JOIN r ON r.survey_id = s.id
     WHERE s.id = ANY($1::uuid[])`,
    [ids],
  );
  return rows.filter((r) => !(r.counters && r.buckets && r.integrity));
}

export async function benchViral({ base, env, nodeFlags, port, db, row, fmt, ok, log }) {
  const section = "15 one viral survey";
  log("one viral survey: voters, surveys and a second server...");
  const { rows: voters } = await db.query(
    `INSERT INTO users (email, name, role, email_verified, created_at)
     SELECT 'bench-viral-' || g || '@bench.test', 'Viral voter ' || g, 'user', now(), now() - interval '40 days' FROM generate_series(1, $1) g RETURNING id`,
    [VOTERS],
  );
  const { rows: owner } = await db.query(`SELECT id FROM users WHERE role = 'surveyor' ORDER BY created_at LIMIT 1`);
  const { rows: surveys } = await db.query(
    `INSERT INTO surveys (title, description, category, deadline, question_title, question_description, surveyor_id)
     SELECT 'Viral bench ' || g, 'Bench', 'Technology', current_date + 30, 'Q', 'D', $1 FROM generate_series(1, $2) g RETURNING id`,
    [owner[0].id, SPREAD + 1],
  );
  const [viral, ...spread] = surveys.map((s) => s.id);
  const secondPort = port + 13;
  const second = spawn(process.execPath, [...nodeFlags, "server/index.mjs"], {
    env: { ...env, PORT: String(secondPort), AUTH_URL: `http://localhost:${secondPort}` },
    stdio: ["ignore", "ignore", "inherit"],
  });
  try {
    const bases = [base, `http://localhost:${secondPort}`];
    await waitFor(`${bases[1]}/api/health/ready`);
    const ids = voters.map((v) => v.id);
    // In halves, in the order spread, one, one, spread: the server warming up favours neither.
    const [first, last] = [ids.slice(0, VOTERS / 2), ids.slice(VOTERS / 2)];
    const toSpread = (some) => castVotes({ bases, secret: env.AUTH_SECRET, voters: some, surveys: spread });
    const toViral = (some) => castVotes({ bases, secret: env.AUTH_SECRET, voters: some, surveys: [viral] });
    log(`${VOTERS} votes spread over ${SPREAD} surveys and ${VOTERS} on one survey, in halves...`);
    const runs = { spread: [await toSpread(first)], viral: [await toViral(first)] };
    runs.viral.push(await toViral(last));
    runs.spread.push(await toSpread(last));
    const total = (parts) => ({
      perSecond: parts.reduce((n, p) => n + p.accepted, 0) / parts.reduce((n, p) => n + p.seconds, 0),
      accepted: parts.reduce((n, p) => n + p.accepted, 0),
      refused: parts.reduce((n, p) => n + p.refused, 0),
    });
    const [spreadRun, viralRun] = [total(runs.spread), total(runs.viral)];
    const ratio = viralRun.perSecond / spreadRun.perSecond;
    row(section, `${VOTERS} voters over ${SPREAD} surveys, two servers, PostgreSQL`, `${fmt(spreadRun.perSecond)} votes/s (${spreadRun.accepted} counted, ${spreadRun.refused} refused)`);
    row(
      section,
      `the same ${VOTERS} voters on one survey, vs spread`,
      `${fmt(viralRun.perSecond)} votes/s (${viralRun.accepted} counted, ${viralRun.refused} refused): ${fmt(ratio, 2)} x`,
      ">= 0.80 x",
      ok(ratio >= 0.8 && viralRun.refused === 0 && spreadRun.refused === 0),
    );
    const wrong = await miscounted(db, [viral, ...spread]);
    const { rows: counted } = await db.query(`SELECT yes_count + no_count AS n FROM surveys WHERE id = $1`, [viral]);
    row(
      section,
      "every counter, bucket and integrity row equal to a recount after",
      wrong.length ? `${wrong.length} surveys differ: ${JSON.stringify(wrong.slice(0, 3))}` : `all ${SPREAD + 1} surveys equal (the viral one: ${counted[0].n} votes)`,
      "equal",
      ok(wrong.length === 0 && Number(counted[0].n) === viralRun.accepted),
    );
  } finally {
    await stop(second);
  }
}
