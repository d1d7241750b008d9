// The proof-of-work's price (ALTCHA, lib/altcha.ts): N challenges from the running server's
// GET /api/altcha/challenge, solved one after another with altcha-lib's solver on one core, as a
// script registering accounts would. Part of `npm run bench`; alone, against any running server:
//   BENCH_URL=http://localhost:3000 BENCH_ALTCHA_N=40 node bench/altcha.mjs
// Then in Chromium: the registration page's own <altcha-widget> (its workers), and altcha-lib's solver
// (WebCrypto) on a page's thread at full speed and with the CPU slowed 4 times through the DevTools
// protocol (Emulation.setCPUThrottlingRate, which reaches the page's thread, not workers): a phone's
// estimate, on one thread where the widget would share the search among its workers.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
 * widget, as a person's form does, solved by its workers) in Chromium; times in ms, sorted.
 */
async function widgetSolves(browser, base, n) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/register`);
  await page.waitForFunction(() => document.querySelector("altcha-widget")?.getState?.() === "unverified", null, { timeout: 60_000 });
  const times = [];
  for (let i = 0; i < n; i++) {
    times.push(
      await page.evaluate(async () => {
        const widget = document.querySelector("altcha-widget");
        // The widget shows "verifying" for at least 500 ms (its minDuration): the solve itself is timed.
        widget.configure({ minDuration: 0 });
        widget.reset();
        const started = performance.now();
        const result = await widget.verify();
        if (!result?.payload) throw new Error("the widget did not solve its challenge");
        return performance.now() - started;
      }),
    );
  }
  await context.close();
  return times.sort((a, b) => a - b);
}

/**
 * Solves `n` challenges with altcha-lib's solver (WebCrypto's PBKDF2) in a page of the site, on the
 * page's own thread, with the CPU slowed `rate` times; times in ms, sorted. DevTools' throttle slows the
 * page's thread, not the widget's workers, hence this measure for the phone.
 */
async function pageSolves(browser, base, rate, n) {
  const lib = path.dirname(fileURLToPath(import.meta.resolve("altcha-lib")));
  const context = await browser.newContext();
  const page = await context.newPage();
  // altcha-lib's browser modules and an empty page, served as if by the site (same origin as the challenge).
  await page.route(`${base}/__bench/**`, (route) => {
    const file = new URL(route.request().url()).pathname.slice("/__bench/".length);
    if (file === "blank") return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>bench</title>" });
    return route.fulfill({ contentType: "text/javascript", body: fs.readFileSync(path.join(lib, path.normalize(file))) });
  });
  await page.goto(`${base}/__bench/blank`);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  const times = await page.evaluate(async (count) => {
    const { solveChallenge } = await import("/__bench/pow.js");
    const { deriveKey } = await import("/__bench/algorithms/web/pbkdf2.js");
    const solves = [];
    for (let i = 0; i < count; i++) {
      const challenge = await (await fetch("/api/altcha/challenge")).json();
      const started = performance.now();
      await solveChallenge({ challenge, deriveKey });
      solves.push(performance.now() - started);
    }
    return solves;
  }, n);
  await context.close();
  return times.sort((a, b) => a - b);
}

/** The solve in Chromium: the real widget, then altcha-lib on one thread at full speed and with the CPU slowed 4 x. */
export async function benchAltchaBrowser({ row, fmt, base, n = Number(process.env.BENCH_ALTCHA_BROWSER_N ?? 20), log = () => {} }) {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  log(`ALTCHA: ${n} challenges solved in Chromium by the widget, then by altcha-lib on the page's thread at full speed and slowed 4 x`);
  const browser = await chromium.launch({ executablePath });
  const figures = (times) => `median ${fmt(quantile(times, 0.5))} ms, p95 ${fmt(quantile(times, 0.95))} ms`;
  try {
    row("8 proof-of-work", `the registration page's widget in Chromium (its workers; ${n} solved)`, figures(await widgetSolves(browser, base, n)));
    row("8 proof-of-work", `altcha-lib in a Chromium page, one thread (${n} solved)`, figures(await pageSolves(browser, base, 1, n)));
    const slowed = await pageSolves(browser, base, 4, n);
    row(
      "8 proof-of-work",
      `the same with the CPU slowed 4 x (DevTools' Emulation.setCPUThrottlingRate; a phone's estimate, one thread)`,
      figures(slowed),
      "p95 < 1 s",
      quantile(slowed, 0.95) < 1000 ? "met" : "MISSED",
    );
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
