// Section 2 of `npm run bench` (bench/index.mjs): the cached pages while 50 votes a second land on one
// survey, and how long a vote takes to show on its page and in /surveys.
import { apiToken } from "./lib/api-token.mjs";

const VOTES_PER_SECOND = 50;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Yes + no of a survey as its cached page shows them (the JSON-LD's upvote counts). */
async function pageVotes(url) {
  const html = await (await fetch(url)).text();
  const counts = [...html.matchAll(/"upvoteCount":(\d+)/g)].map((m) => Number(m[1]));
  return counts.reduce((a, b) => a + b, 0);
}

/** A survey's "Votes: N" on the /surveys page (first page, most votes first). */
async function listVotes(base, title) {
  const html = await (await fetch(`${base}/surveys`)).text();
  const at = html.indexOf(`>${title}<`);
  if (at < 0) return -1;
  return Number(html.slice(at).match(/Votes: (?:<!-- -->)?(\d+)/)?.[1] ?? -1);
}

export async function benchVoteStream({ base, db, authSecret, top, surveyUrl, idle, load, failed, seconds, row, fmt, ok, log }) {
  log("voters...");
  const voterCount = Math.ceil(VOTES_PER_SECOND * (2 * seconds + 12));
  const { rows: voters } = await db.query(
    `INSERT INTO users (email, name, role) SELECT 'bench-voter-' || g || '@bench.test', 'Voter ' || g, 'user' FROM generate_series(1, $1) g RETURNING id`,
    [voterCount],
  );
  const tokens = voters.map((v) => apiToken(authSecret, v.id));
  let next = 0;
  let voteErrors = 0;
  let votesCast = 0;
  const castOne = async () => {
    const token = tokens[next++];
    if (!token) return;
    const response = await fetch(`${base}/api/vote/${top._id}`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ vote: next % 3 ? "yes" : "no" }),
    });
    if (response.ok) votesCast++;
    else voteErrors++;
  };
  const stream = setInterval(() => void castOne().catch(() => voteErrors++), 1000 / VOTES_PER_SECOND);
  const streamStart = performance.now();
  await sleep(1000);
  const underVotes = {};
  for (const [name, url] of [["survey page", surveyUrl], ["/surveys", `${base}/surveys`]]) {
    const r = await load(url);
    underVotes[name] = r.requests.average;
    const ratio = r.requests.average / idle[name];
    row("2 under 50 votes/s", name, `${fmt(r.requests.average)} req/s (${fmt(ratio, 2)} x idle)${failed(r) ? `, ${failed(r)} failed` : ""}`, ">= 0.50 x idle", ok(ratio >= 0.5));
  }
  // How long until a vote shows: sample while the stream runs, from the database's count to the page's.
  const lags = [];
  for (let i = 0; i < 6; i++) {
    const { rows: c } = await db.query("SELECT yes_count + no_count AS n FROM surveys WHERE id = $1", [top._id]);
    const target = Number(c[0].n);
    const t = performance.now();
    while ((await pageVotes(surveyUrl)) < target && performance.now() - t < 10_000) await sleep(50);
    lags.push(performance.now() - t);
    await sleep(300);
  }
  clearInterval(stream);
  const streamSeconds = (performance.now() - streamStart) / 1000;
  await sleep(500);
  row("2 under 50 votes/s", "votes accepted", `${votesCast} in ${fmt(streamSeconds, 1)} s (${fmt(votesCast / streamSeconds, 1)}/s), ${voteErrors} refused`);
  row("2 under 50 votes/s", "a vote visible on the survey page after", `max ${fmt(Math.max(...lags))} ms (median ${fmt(lags.sort((a, b) => a - b)[3])})`, "<= 2000 ms", ok(Math.max(...lags) <= 2000));
  // The last vote of the stream, on the page and in the list.
  const { rows: finalCount } = await db.query("SELECT yes_count + no_count AS n, title FROM surveys WHERE id = $1", [top._id]);
  const finalVotes = Number(finalCount[0].n);
  let t0 = performance.now();
  while ((await pageVotes(surveyUrl)) !== finalVotes && performance.now() - t0 < 10_000) await sleep(50);
  const pageSettled = performance.now() - t0;
  t0 = performance.now();
  while ((await listVotes(base, finalCount[0].title)) !== finalVotes && performance.now() - t0 < 10_000) await sleep(50);
  const listSettled = performance.now() - t0;
  row("2 under 50 votes/s", "the last vote on the page / in /surveys after", `${fmt(pageSettled)} ms / ${fmt(listSettled)} ms`, "<= 2000 ms", ok(pageSettled <= 2000 && listSettled <= 2000));
}
