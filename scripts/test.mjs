// npm test: the type check, lint, the unit and integration tests (vitest), the production build and
// the end-to-end tests (Playwright), every one of them always run, some side by side (docs/testing.md,
// "How the tests run"). One job at a time prints as it goes (Playwright's list, the longest); every
// other job's output is held and printed whole when it ends, or, if it ends while the printing job
// runs, right after that one. At the end: a table of what took how long. Exits non-zero when any job
// failed; Playwright runs only on a build that succeeded.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
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
 * The order: steps one after another; in a step, its chains side by side; in a chain, its jobs one
 * after another. A job marked `background` runs at the lowest CPU priority: it gets only what the
 * others leave idle, and never delays them; `live` prints as it goes.
 *
 * One step, two chains side by side:
 * 1. the build, then Playwright as soon as the build is done. One Playwright lane keeps about one and
 *    a half cores busy (the browser, the app server, the test runner: mostly one waits on another);
 * 2. vitest beside the build (both keep the two cores busy) and on beside Playwright's first minute
 *    (its servers starting, its first specs), then, at the lowest priority, the type check then ESLint
 *    in what Playwright leaves idle. Neither has a time limit, so going slowly costs them nothing;
 *    vitest has (its tests' timeouts, and tests that wait for a job or a mail), so it never runs in
 *    the background. Waiting for vitest before starting Playwright left Playwright idle for the
 *    minute vitest outlasts the build (docs/testing.md).
 */
const PLAN = [
  [
    { jobs: ["build", { name: "playwright", live: true }] },
    { jobs: ["vitest", { name: "typecheck", background: true }, { name: "lint", background: true }] },
  ],
];
const NEEDS = { playwright: "build" };

const results = new Map();
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") };
/** The jobs running now: their process, and whether it leads a session (process group) of its own. */
const running = new Map();
/** Output of jobs that ended while the live job was printing, shown once it has ended. */
let liveJob = null;
const deferred = [];

/** `nice` where there is one (every Linux and macOS): the background jobs run under it. */
const NICE = ["/usr/bin/nice", "/bin/nice"].find((file) => fs.existsSync(file));

/**
 * The lowest CPU priority for a job: its processes at nice 19 and, on Linux, its own session (a
 * detached child) with that session's scheduling group at nice 19 too. With the kernel's automatic
 * session groups (most Linux machines), CPU time is first shared between sessions, and Playwright's
 * servers and browser run in sessions of their own: without the group's nice, a niced job would still
 * take a session's full share from them.
 */
function lowerPriority(child) {
  try {
    fs.writeFileSync(`/proc/${child.pid}/autogroup`, "19");
  } catch {
    // No automatic session groups here: nice alone does it.
  }
  try {
    os.setPriority(child.pid, 19);
  } catch {
    // The job has already ended.
  }
}

function printHeld(name, status, seconds, output) {
  console.log(`\n── ${name}: ${status === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s ${"─".repeat(40)}`);
  process.stdout.write(Buffer.concat(output));
}

function runJob(name, { live = false, background = false }) {
  const [command, args] = JOBS[name];
  const started = Date.now();
  if (NEEDS[name] && results.get(NEEDS[name])?.code !== 0) {
    results.set(name, { code: 1, seconds: 0, skipped: `${NEEDS[name]} failed` });
    return Promise.resolve(1);
  }
  const shown = [command, ...args].join(" ");
  console.log(`▶ ${name} (${shown})${live ? "" : `${background ? ", in the background" : ""}: output when it ends`}`);
  if (live) liveJob = name;
  return new Promise((resolve) => {
    const [file, argv] = background && NICE ? [NICE, ["-n", "19", command, ...args]] : [command, args];
    // A background job gets a session of its own (and so its own scheduling group: lowerPriority).
    const child = spawn(file, argv, { env, stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], detached: background });
    if (background) lowerPriority(child);
    running.set(child, background);
    const output = [];
    if (!live) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("close", (code, signal) => {
      running.delete(child);
      const seconds = (Date.now() - started) / 1000;
      const status = code ?? (signal ? 1 : 0);
      results.set(name, { code: status, seconds });
      const ended = `■ ${name}: ${status === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s`;
      if (live) {
        liveJob = null;
        console.log(ended);
        for (const show of deferred.splice(0)) show();
      } else if (liveJob) {
        deferred.push(() => {
          printHeld(name, status, seconds, output);
          console.log(ended);
        });
      } else {
        printHeld(name, status, seconds, output);
        console.log(ended);
      }
      resolve(status);
    });
  });
}

async function runChain(chain) {
  for (const job of chain.jobs) {
    const { name, ...options } = typeof job === "string" ? { name: job } : job;
    await runJob(name, options);
  }
}

// Ctrl-C reaches every job in this session from the terminal, but not the background jobs, which are in
// sessions of their own: pass it on to those. A supervisor's SIGTERM reaches this process alone: pass
// it on to every job still running. Then stop.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    for (const [child, ownGroup] of running) {
      if (signal === "SIGINT" && !ownGroup) continue;
      try {
        process.kill(ownGroup ? -child.pid : child.pid, signal);
      } catch {
        // It has just ended.
      }
    }
    process.exit(signal === "SIGINT" ? 130 : 143);
  });
}

const started = Date.now();
console.log(`Node.js ${process.version}`);
ensureChromium();
for (const step of PLAN) await Promise.all(step.map((chain) => runChain(chain)));

const total = (Date.now() - started) / 1000;
console.log("\nnpm test:");
for (const name of Object.keys(JOBS)) {
  const result = results.get(name);
  const what = !result ? "not run" : result.skipped ? `not run (${result.skipped})` : `${result.code === 0 ? "passed" : "FAILED"} ${result.seconds.toFixed(0).padStart(5)} s`;
  console.log(`  ${name.padEnd(11)} ${what}`);
}
console.log(`  ${"total".padEnd(11)} ${total.toFixed(0).padStart(12)} s (${(total / 60).toFixed(1)} min)`);
const failed = Object.keys(JOBS).some((name) => results.get(name)?.code !== 0);
process.exit(failed ? 1 : 0);
