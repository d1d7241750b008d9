// The proof-of-work's price (ALTCHA, lib/altcha.ts): N challenges from the running server's
// GET /api/altcha/challenge, solved one after another with altcha-lib's solver on one core, as a
// script registering accounts would. Part of `npm run bench`; alone, against any running server:
//   BENCH_URL=http://localhost:3000 BENCH_ALTCHA_N=40 node bench/altcha.mjs
// A phone is not measured here: the estimate assumes its browser derives keys 3 to 5 times slower than
// this machine's Node on one core (WebCrypto PBKDF2 on a mid-range phone), before the widget's
// up to four workers share the search.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

export async function benchAltcha({ row, fmt, base, n = Number(process.env.BENCH_ALTCHA_N ?? 40), log = () => {} }) {
  log(`ALTCHA: solving ${n} challenges`);
  const times = [];
  let counters = 0;
  let challenge;
  for (let i = 0; i < n; i++) {
    const response = await fetch(`${base}/api/altcha/challenge`);
    if (response.status !== 200) throw new Error(`GET /api/altcha/challenge answered ${response.status}`);
    challenge = await response.json();
    const started = performance.now();
    const solution = await solveChallenge({ challenge, deriveKey });
    times.push(performance.now() - started);
    counters += solution.counter + 1;
  }
  times.sort((a, b) => a - b);
  const median = quantile(times, 0.5);
  const p95 = quantile(times, 0.95);
  const { algorithm, cost } = challenge.parameters;
  row("8 proof-of-work", `solve one challenge (${algorithm}, ${cost} iterations, ${fmt(counters / n)} attempts on average; ${n} solved)`, `median ${fmt(median)} ms, p95 ${fmt(p95)} ms`, "tens of ms", median < 100 ? "met" : "MISSED");
  row("8 proof-of-work", "a phone, assumed 3-5 x slower per core (estimate, not measured)", `median ${fmt(median * 3)}-${fmt(median * 5)} ms, p95 ${fmt(p95 * 3)}-${fmt(p95 * 5)} ms`, "< 1 s", p95 * 5 < 1000 ? "met" : "MISSED");
  row("8 proof-of-work", "a script: one core, accounts per hour at most (solving alone)", `${fmt(3_600_000 / median)}`);
  return { median, p95 };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.BENCH_URL ?? "http://localhost:3000";
  const fmt = (v, digits = 0) => Number(v).toFixed(digits);
  const rows = [];
  await benchAltcha({ base, fmt, row: (section, name, value, target = "", verdict = "") => rows.push({ section, name, value, target, verdict }), log: console.error });
  for (const r of rows) console.log(`| ${r.name} | ${r.value} | ${r.target} | ${r.verdict} |`);
}
