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
 * after another. A job with a `nice` runs at that lower CPU priority (19 is the lowest): it gets what
 * the others leave idle and only a small share of what they want; with `until`, only until that job
 * ends, and at the normal priority from then on. `live` prints as it goes.
 *
 * One step, two chains side by side:
 * 1. the build, then Playwright as soon as the build is done: the critical path;
 * 2. vitest, at nice 10 while the build runs, then at the normal priority beside Playwright: beside the
 *    build at the same priority it took the build from 37 s alone to 106-115 s, all of it on the
 *    critical path. It goes on beside Playwright at the normal priority because its tests have time
 *    limits (a password hash waits a bounded time for its turn; tests wait seconds for a job or a
 *    mail): starved at nice 10 beside Playwright on a busy machine, two of them failed. One Playwright
 *    lane keeps about one and a half cores busy (the browser, the app server, the test runner: mostly
 *    one waits on another), so vitest mostly takes what it leaves. Then the type check and ESLint, at
 *    the lowest priority, with no time limit to miss.
 */
const PLAN = [
  [
    { jobs: ["build", { name: "playwright", live: true }] },
    { jobs: [{ name: "vitest", nice: 10, until: "build" }, { name: "typecheck", nice: 19 }, { name: "lint", nice: 19 }] },
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

/** `nice` where there is one (every Linux and macOS): the jobs with a `nice` run under it. */
const NICE = ["/usr/bin/nice", "/bin/nice"].find((file) => fs.existsSync(file));

/**
 * Sets a job's CPU priority: its processes at `nice` and, on Linux, its own session (a detached child)
 * with that session's scheduling group at `nice` too. With the kernel's automatic session groups (most
 * Linux machines), CPU time is first shared between sessions, and Playwright's servers and browser run
 * in sessions of their own: without the group's nice, a niced job would still take a session's full
 * share from them. Raising a priority again needs the right to (root, or CAP_SYS_NICE): without it, the
 * job stays where it was.
 */
function setPriority(child, nice) {
  try {
    fs.writeFileSync(`/proc/${child.pid}/autogroup`, String(nice));
  } catch {
    // No automatic session groups here, or no right to raise the group's priority: nice alone does it.
  }
  // Every process of the job's session (its workers too, which inherit the nice they started with).
  let pids = [child.pid];
  try {
    pids = fs
      .readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          // Field 6 of /proc/{pid}/stat is the session id; the command (field 2) may hold spaces, so split after it.
          const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[3]) === child.pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    // No /proc (not Linux): the job's first process only.
  }
  for (const pid of pids) {
    try {
      os.setPriority(pid, nice);
    } catch {
      // It has just ended, or this process may not raise its priority.
    }
  }
}

function printHeld(name, status, seconds, output) {
  console.log(`\n── ${name}: ${status === 0 ? "passed" : "FAILED"} in ${seconds.toFixed(0)} s ${"─".repeat(40)}`);
  process.stdout.write(Buffer.concat(output));
}

/** Jobs to raise to the normal priority when another ends: `until` name → their children. */
const raiseWhenDone = new Map();

function runJob(name, { live = false, nice = 0, until }) {
  const background = nice > 0;
  const [command, args] = JOBS[name];
  const started = Date.now();
  if (NEEDS[name] && results.get(NEEDS[name])?.code !== 0) {
    results.set(name, { code: 1, seconds: 0, skipped: `${NEEDS[name]} failed` });
    return Promise.resolve(1);
  }
  const shown = [command, ...args].join(" ");
  console.log(`▶ ${name} (${shown})${live ? "" : `${background ? `, at nice ${nice}` : ""}: output when it ends`}`);
  if (live) liveJob = name;
  return new Promise((resolve) => {
    const [file, argv] = background && NICE ? [NICE, ["-n", String(nice), command, ...args]] : [command, args];
    // A job with a `nice` gets a session of its own (and so its own scheduling group: setPriority).
    const child = spawn(file, argv, { env, stdio: live ? "inherit" : ["ignore", "pipe", "pipe"], detached: background });
    if (background) setPriority(child, nice);
    if (background && until) {
      if (results.has(until)) setPriority(child, 0);
      else raiseWhenDone.set(until, [...(raiseWhenDone.get(until) ?? []), child]);
    }
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
      for (const waiting of raiseWhenDone.get(name) ?? []) if (running.has(waiting)) setPriority(waiting, 0);
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
