// The weight of the public pages, section 4 of `npm run bench`: each page's HTML as sent (uncompressed,
// the RSC payload included) and its first-load JavaScript (gzip) beside a bare app of the same Next and
// React versions (bench/floor-app.mjs).
// Alone, on the production build (`npx next build` first): `node bench/weight.mjs` builds the floor app,
// seeds the demo data on a fresh embedded database as the end-to-end tests do, serves the build on
// BENCH_PORT (5510) and prints only these rows, in about a minute and a half.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { throwawayServer } from "../scripts/lib/throwaway-server.mjs";
import { buildFloorApp } from "./floor-app.mjs";
import { firstLoadJs } from "./lib/first-load-js.mjs";
import { stop, waitFor } from "./lib/processes.mjs";

const FIRST_IMPLEMENTATION_JS = 284_739;
/** Uncompressed HTML, bytes: what is left of a list page is a dozen cards, once in the HTML and once in the payload. */
// Each language within the same budgets (e2e/cache.spec.ts says what they hold).
export const HTML_TARGETS = { "/": 58_000, "/surveys": 52_000, "/es": 58_000, "/de": 58_000, "/es/surveys": 52_000, "/de/surveys": 52_000 };
/** First-load JavaScript over the floor, bytes (gzip). */
export const JS_OVER_FLOOR_TARGET = 15_000;

/** The floor's first-load JavaScript: the bare app built and served on `port`, then removed. */
export async function floorFirstLoadJs(port) {
  const dir = buildFloorApp();
  const floor = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
  });
  try {
    await waitFor(`http://localhost:${port}/`);
    return (await firstLoadJs(`http://localhost:${port}`, "/")).total;
  } finally {
    await stop(floor);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows of section 4 for the server at `base`; `surveyPath` is a survey page's path. */
export async function benchWeight({ base, floorJs, surveyPath, row, fmt, ok, log }) {
  const pages = [
    ["/about", "/about"],
    ["/", "/"],
    ["/surveys", "/surveys"],
    ["survey page (signed out)", surveyPath],
    ["/pricing", "/pricing"],
    // Each language's copy holds the same budgets: messages reach the browser only for client components.
    ["/es", "/es"],
    ["/de", "/de"],
    ["/es/surveys", "/es/surveys"],
    ["/de/surveys", "/de/surveys"],
    ["survey page in es (signed out)", `/es${surveyPath}`],
    ["survey page in de (signed out)", `/de${surveyPath}`],
  ];
  // A page's first answer after it was generated may stream; the next comes whole from the cache.
  for (const [, p] of pages) for (let i = 0; i < 2; i++) await (await fetch(base + p)).arrayBuffer();

  log("HTML sizes...");
  for (const [name, p] of pages) {
    const bytes = Buffer.byteLength(await (await fetch(base + p)).text());
    const target = HTML_TARGETS[p];
    row("4 HTML size (uncompressed)", name, `${bytes} B`, target ? `<= ${target / 1000} kB` : "", target ? ok(bytes <= target) : "");
  }

  log("first-load JavaScript...");
  row("4 first-load JS (gzip)", "bare app of the same versions (floor)", `${floorJs} B`);
  for (const [name, p] of pages) {
    const js = (await firstLoadJs(base, p)).total;
    const over = js - floorJs;
    const targeted = !["/about", "/pricing"].includes(name);
    row(
      "4 first-load JS (gzip)",
      name,
      `${js} B = floor + ${fmt(over / 1000, 1)} kB (${fmt((js / FIRST_IMPLEMENTATION_JS) * 100)}% of the first implementation's ${FIRST_IMPLEMENTATION_JS} B)`,
      targeted ? `<= floor + ${JS_OVER_FLOOR_TARGET / 1000} kB` : "",
      targeted ? ok(over <= JS_OVER_FLOOR_TARGET) : "",
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!fs.existsSync(".next/BUILD_ID")) {
    console.error("No production build found: run `npx next build` first.");
    process.exit(1);
  }
  const port = Number(process.env.BENCH_PORT ?? 5510);
  const log = (...args) => console.error("·", ...args);
  const fmt = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : "n/a");
  const rows = [];
  const row = (section, name, value, target = "", verdict = "") => rows.push([section, name, value, target, verdict]);
  log("building the bare app of the same Next and React versions...");
  const floorJs = await floorFirstLoadJs(port + 1);
  log("seeding the demo data...");
  const server = throwawayServer({ name: "weight", port });
  try {
    await server.serve();
    const [top] = await (await fetch(`${server.base}/api/all_surveys?limit=1`)).json();
    await benchWeight({ base: server.base, floorJs, surveyPath: `/survey/details/${top._id}`, row, fmt, ok: (pass) => (pass ? "met" : "MISSED"), log });
    console.log(`\nOPINEX page weight (demo data), ${new Date().toISOString().slice(0, 16)}Z, Node ${process.version}\n`);
    for (const cells of rows) console.log(`| ${cells.join(" | ")} |`);
    if (rows.some((cells) => cells[4] === "MISSED")) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}
