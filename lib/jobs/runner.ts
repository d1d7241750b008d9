// The runner of this process's scheduled jobs (docs/architecture.md "Jobs"). It knows nothing of
// what the jobs do: lib/jobs/registry.ts declares them, and a module that wants a job run sooner
// (the outbox, after queuing mail) calls `wakeJob(name)` without importing the registry, so the
// imports go one way only (the registry imports the jobs' modules, they import this file).
import { log as appLog, type LogLevel } from "@/lib/log";
import { runtime } from "@/lib/runtime.mjs";

export type Job = {
  /** `area.action`, unique: log lines and metrics name the job by it. */
  name: string;
  /** Pause between the end of one run and the start of the next. */
  everyMs: number;
  /**
   * The work. It must be safe to run on every server at once (each server runs every job): claim
   * rows with `FOR UPDATE SKIP LOCKED`, or do work that any number of runs can repeat (deletes).
   */
  run: () => Promise<unknown>;
};

export type JobOutcome = "ok" | "failed";

export type RunnerOptions = {
  /** Delay before each job's first run (the server has just opened its database). */
  firstRunAfterMs?: number;
  /** Where a failing job is reported. */
  log?: (level: LogLevel, msg: string, fields: Record<string, unknown>) => void;
  /** Called after every run (the metrics). */
  onRun?: (name: string, outcome: JobOutcome, seconds: number) => void;
};

export type JobRunner = {
  start(): void;
  /** Runs the job within `delayMs` (sooner if it is due sooner); after the run in flight, if there is one. */
  wake(name: string, delayMs?: number): void;
  /** Stops every schedule and waits for the runs in flight. */
  stop(): Promise<void>;
};

type Slot = { job: Job; timer: NodeJS.Timeout | null; dueAt: number; running: Promise<void> | null; again: number | null };

/** How long after a wake a job runs: after the waking caller's transaction has committed, not inside it. */
export const WAKE_DELAY_MS = 200;

/** A runner for these jobs: each on its own schedule, one run of a job at a time, a failure logged and the schedule kept. */
export function createJobRunner(jobs: readonly Job[], options: RunnerOptions = {}): JobRunner {
  const { firstRunAfterMs = 1000, log = appLog, onRun } = options;
  const slots = new Map<string, Slot>();
  for (const job of jobs) {
    if (slots.has(job.name)) throw new Error(`Two jobs are named ${job.name}`);
    slots.set(job.name, { job, timer: null, dueAt: 0, running: null, again: null });
  }
  let stopped = true;

  function schedule(slot: Slot, delayMs: number) {
    if (stopped) return;
    if (slot.timer) clearTimeout(slot.timer);
    slot.dueAt = Date.now() + delayMs;
    slot.timer = setTimeout(() => {
      slot.timer = null;
      run(slot);
    }, delayMs);
    // A pending job never keeps the process alive: the drain decides when it ends.
    slot.timer.unref();
  }

  function run(slot: Slot) {
    if (stopped) return;
    if (slot.running) {
      // Started again before the last stop's run ended: one run at a time, the next right after it.
      slot.again ??= 0;
      return;
    }
    const { name } = slot.job;
    const started = performance.now();
    slot.running = (async () => {
      let outcome: JobOutcome = "ok";
      try {
        await slot.job.run();
      } catch (error) {
        outcome = "failed";
        log("error", "job failed", { job: name, error: (error as Error)?.message ?? String(error) });
      }
      onRun?.(name, outcome, (performance.now() - started) / 1000);
    })()
      // Only the metrics callback can still throw here: logged, and the schedule goes on.
      .catch((error) => log("error", "job metrics failed", { job: name, error: (error as Error)?.message ?? String(error) }))
      .finally(() => {
        slot.running = null;
        const again = slot.again;
        slot.again = null;
        schedule(slot, again ?? slot.job.everyMs);
      });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      for (const slot of slots.values()) schedule(slot, firstRunAfterMs);
    },
    wake(name, delayMs = WAKE_DELAY_MS) {
      const slot = slots.get(name);
      if (!slot || stopped) return;
      // A wake during a run asks for one more run after it (what woke it may have come too late for it).
      if (slot.running) slot.again = Math.min(slot.again ?? delayMs, delayMs);
      // Only ever sooner: a stream of wakes must not keep pushing the run away.
      else if (!slot.timer || slot.dueAt > Date.now() + delayMs) schedule(slot, delayMs);
    },
    async stop() {
      stopped = true;
      for (const slot of slots.values()) {
        if (slot.timer) clearTimeout(slot.timer);
        slot.timer = null;
      }
      await Promise.all([...slots.values()].map((slot) => slot.running));
    },
  };
}

// One runner per process. Next may load this module in more than one bundle (instrumentation.ts
// starts the runner, a route handler's bundle queues mail and wakes it), and module variables are not
// shared between bundles, so the running one is kept on the process-wide seam.
const shared = runtime().services as { jobs?: JobRunner };

/** Starts these jobs as this process's runner, unless one already runs; returns the function that stops it. */
export function startJobRunner(jobs: readonly Job[], options?: RunnerOptions): () => Promise<void> {
  const runner = (shared.jobs ??= createJobRunner(jobs, options));
  runner.start();
  return async () => {
    await runner.stop();
    if (shared.jobs === runner) delete shared.jobs;
  };
}

/** Asks this process's runner to run a job soon; nothing when no runner runs here (tests, scripts). */
export function wakeJob(name: string, delayMs?: number) {
  shared.jobs?.wake(name, delayMs);
}
