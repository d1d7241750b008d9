// npm test: the type check, lint, the unit and integration tests (vitest), the production build and
// the end-to-end tests (Playwright), every one of them always run, some side by side (docs/testing.md,
// "How the tests run"). Jobs that run side by side have their output held and printed whole, one job
// after another, as each ends; a job that runs alone prints as it goes. At the end: a table of what
// took how long. Exits non-zero when any job failed; Playwright runs only on a build that succeeded.
import { spawn } from "node:child_process";
import { ensureChromium } from "./e2e-chromium.mjs";

/** Each job: its command. */
const JOBS = {
  typecheck: ["npx", ["tsc", "--noEmit"]],
  lint: ["npx", ["eslint", "."]],
  vitest: ["npx", ["vitest", "run"]],
  build: ["npx", ["next", "build"]],
  playwright: ["npx", ["playwright", "test"]],
};

/**
 * The order: steps one after another; in a step, its chains side by side; in a chain, its jobs one after
 * another. The type check and ESLint use one core each and the build mostly one (its compile spreads for
 * seconds, its type check and page generation use one), so they share the two; vitest uses both.
 */
const PLAN = [
  [["build"], ["typecheck", "lint"]],
  [["vitest"]],
  [["playwright"]],
];
const NEEDS = { playwright: "build" };

const results = new Map();
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") };

function runJob(name, alone) {
  const [command, args] = JOBS[name];
  const started = Date.now();
  if (NEEDS[name] && results.get(NEEDS[name])?.code !== 0) {
    results.set(name, { code: 1, seconds: 0, skipped: `${NEEDS[name]} failed` });
    return Promise.resolve(1);
  }
  if (!alone) console.log(`▶ ${name} (${[command, ...args].join(" ")}): output when it ends`);
  else console.log(`▶ ${name} (${[command, ...args].join(" ")})`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: alone ? "inherit" : ["ignore", "pipe", "pipe"] });
    const output = [];
    if (!alone) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("close", (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const status = code ?? (signal ? 1 : 0);
      results.set(name, { code: status, seconds });
      if (!alone) {
        console.log(`\n── ${name}: ${status === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s ${"─".repeat(40)}`);
        process.stdout.write(Buffer.concat(output));
      }
      console.log(`■ ${name}: ${status === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s`);
      resolve(status);
    });
  });
}

async function runChain(chain, alone) {
  for (const name of chain) if ((await runJob(name, alone)) !== 0) return;
}

const started = Date.now();
console.log(`Node.js ${process.version}`);
ensureChromium();
for (const step of PLAN) {
  const alone = step.length === 1 && step[0].length === 1;
  await Promise.all(step.map((chain) => runChain(chain, alone)));
}

const total = (Date.now() - started) / 1000;
console.log("\nnpm test:");
for (const name of Object.keys(JOBS)) {
  const result = results.get(name);
  const what = !result ? "not run (an earlier job in its chain failed)" : result.skipped ? `not run (${result.skipped})` : `${result.code === 0 ? "passed" : "FAILED"} ${result.seconds.toFixed(0).padStart(5)} s`;
  console.log(`  ${name.padEnd(11)} ${what}`);
}
console.log(`  ${"total".padEnd(11)} ${total.toFixed(0).padStart(12)} s (${(total / 60).toFixed(1)} min)`);
const failed = Object.keys(JOBS).some((name) => results.get(name)?.code !== 0);
process.exit(failed ? 1 : 0);
