// npm run lighthouse: Lighthouse (mobile preset, its default: a mid-range phone on a throttled
// network) on /, /surveys and a survey page of the production build (`npx next build` first), three
// runs each in Debian's Chromium, the median of each score printed. The server runs on a throwaway
// seeded embedded database on LIGHTHOUSE_PORT (5512).
//   CHROME_PATH (/usr/bin/chromium), LIGHTHOUSE_RUNS (3)
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throwawayServer } from "../scripts/lib/throwaway-server.mjs";

const port = Number(process.env.LIGHTHOUSE_PORT ?? 5512);
const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 95, seo: 100 };

if (!fs.existsSync(".next/BUILD_ID")) {
  console.error("No production build found: run `npx next build` first.");
  process.exit(1);
}

console.error("· seeding a throwaway database...");
const server = throwawayServer({ name: "lighthouse", port });
const base = server.base;
let chrome;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await server.serve();
  const [survey] = await (await fetch(`${base}/api/all_surveys?limit=1`)).json();
  const pages = [
    ["/", `${base}/`],
    ["/surveys", `${base}/surveys`],
    ["survey page", `${base}/survey/details/${survey._id}`],
  ];
  for (const [, url] of pages) await fetch(url); // generated on the first request, like in production

  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const results = [];
  for (const [name, url] of pages) {
    const scores = { performance: [], accessibility: [], "best-practices": [], seo: [] };
    const lcp = [];
    for (let i = 0; i < runs; i++) {
      const result = await lighthouse(url, { port: chrome.port, output: "json", logLevel: "error" });
      const { categories, audits } = result.lhr;
      for (const key of Object.keys(scores)) scores[key].push(Math.round((categories[key].score ?? 0) * 100));
      lcp.push(audits["largest-contentful-paint"].numericValue);
      const failing = Object.values(audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary");
      if (i === 0 && failing.length) console.error(`· ${name}: ${failing.map((a) => a.id).join(", ")}`);
    }
    results.push({ name, ...Object.fromEntries(Object.entries(scores).map(([k, v]) => [k, median(v)])), lcp: median(lcp) });
  }

  console.log(`\nLighthouse ${(await import("lighthouse/package.json", { with: { type: "json" } })).default.version}, mobile preset, median of ${runs}, ${os.cpus().length} x ${os.cpus()[0]?.model}, Chromium ${execFileSync(chromePath, ["--version"]).toString().trim()}\n`);
  console.log("| page | Performance | Accessibility | Best Practices | SEO | LCP |");
  console.log("|---|---|---|---|---|---|");
  let missed = false;
  for (const r of results) {
    const cell = (key) => {
      const pass = r[key] >= TARGETS[key];
      missed ||= !pass;
      return `${r[key]}${pass ? "" : ` (target ${TARGETS[key]})`}`;
    };
    console.log(`| ${r.name} | ${cell("performance")} | ${cell("accessibility")} | ${cell("best-practices")} | ${cell("seo")} | ${(r.lcp / 1000).toFixed(2)} s |`);
  }
  if (missed) process.exitCode = 1;
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await chrome?.kill();
  await server.stop();
}
