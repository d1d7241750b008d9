// The proof-of-work's price (ALTCHA, lib/altcha.ts): N challenges from the running server's
// GET /api/altcha/challenge, solved one after another with altcha-lib's solver on one core, as a
// script registering accounts would. Part of `npm run bench`; alone, against any running server:
//   BENCH_URL=http://localhost:3000 BENCH_ALTCHA_N=40 node bench/altcha.mjs
// Then the widget itself in Chromium (the registration page's <altcha-widget>, its workers, WebCrypto),
// at full speed and with the CPU slowed 4 times through the DevTools protocol
// (Emulation.setCPUThrottlingRate on the page and on each of its workers): a phone's estimate.
import { solveChallenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { chromium } from "playwright-core";

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

/**
 * Solves `n` challenges with the registration page's own widget (each a fresh challenge fetched by the
 * widget, as a person's form does), in Chromium with the CPU slowed `rate` times; times in ms.
 */
async function widgetSolves(browser, base, rate, n) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const throttle = async (session) => session.send("Emulation.setCPUThrottlingRate", { rate });
  // The widget's workers are targets of their own: each is slowed as it starts.
  const cdp = await context.newCDPSession(page);
  await throttle(cdp);
  page.on("worker", async (worker) => {
    const session = await context.newCDPSession(worker).catch(() => null);
    if (session) await throttle(session).catch(() => {});
  });
  await page.goto(`${base}/register`);
  await page.waitForFunction(() => document.querySelector("altcha-widget")?.getState?.() === "unverified", null, { timeout: 60_000 });
  const times = [];
  for (let i = 0; i < n; i++) {
    const ms = await page.evaluate(async () => {
      const widget = document.querySelector("altcha-widget");
      widget.reset();
      const started = performance.now();
      const result = await widget.verify();
      if (!result?.payload) throw new Error("the widget did not solve its challenge");
      return performance.now() - started;
    });
    times.push(ms);
  }
  await context.close();
  return times.sort((a, b) => a - b);
}

/** The widget's solve in Chromium, at full speed and with the CPU slowed 4 times (a phone's estimate). */
export async function benchAltchaBrowser({ row, fmt, base, n = Number(process.env.BENCH_ALTCHA_BROWSER_N ?? 20), log = () => {} }) {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  log(`ALTCHA: the widget in Chromium, ${n} challenges at full speed and ${n} with the CPU slowed 4 x`);
  const browser = await chromium.launch({ executablePath });
  try {
    for (const rate of [1, 4]) {
      const times = await widgetSolves(browser, base, rate, n);
      const median = quantile(times, 0.5);
      const p95 = quantile(times, 0.95);
      row(
        "8 proof-of-work",
        rate === 1 ? `the registration page's widget in Chromium (its workers, WebCrypto; ${n} solved)` : `the same with the CPU slowed 4 x (a phone's estimate; ${n} solved)`,
        `median ${fmt(median)} ms, p95 ${fmt(p95)} ms`,
        rate === 1 ? "" : "p95 < 1 s",
        rate === 1 ? "" : p95 < 1000 ? "met" : "MISSED",
      );
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const base = process.env.BENCH_URL ?? "http://localhost:3000";
  const fmt = (v, digits = 0) => Number(v).toFixed(digits);
  const rows = [];
  const row = (section, name, value, target = "", verdict = "") => rows.push({ section, name, value, target, verdict });
  await benchAltcha({ base, fmt, row, log: console.error });
  await benchAltchaBrowser({ base, fmt, row, log: console.error });
  for (const r of rows) console.log(`| ${r.name} | ${r.value} | ${r.target} | ${r.verdict} |`);
}
