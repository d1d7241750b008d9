import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createJobRunner, startJobRunner, wakeJob, type Job, type JobOutcome } from "./runner";

// The runner on vitest's fake clock: time moves only when a test moves it, so each schedule is
// checked to the millisecond without waiting for it.

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A job that counts its runs and, when `blocked` is set, waits until the test releases it. */
function counting(name: string, everyMs: number) {
  let release: (() => void) | null = null;
  const job = {
    name,
    everyMs,
    runs: 0,
    blocked: false,
    inFlight: false,
    run: () => {
      job.runs++;
      if (!job.blocked) return Promise.resolve();
      job.inFlight = true;
      return new Promise<void>((resolve) => {
        release = () => {
          job.inFlight = false;
          resolve();
        };
      });
    },
    release: () => release?.(),
  };
  return job;
}

const quiet = () => vi.fn<(level: string, msg: string, fields: Record<string, unknown>) => void>();

describe("the jobs runner", () => {
  it("runs each job on its own schedule, the pause counted from the end of the last run", async () => {
    const fast = counting("test.fast", 1000);
    const slow = counting("test.slow", 5000);
    const runner = createJobRunner([fast, slow], { firstRunAfterMs: 100, log: quiet() });
    runner.start();
    await vi.advanceTimersByTimeAsync(99);
    expect([fast.runs, slow.runs]).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(1);
    expect([fast.runs, slow.runs]).toEqual([1, 1]);
    await vi.advanceTimersByTimeAsync(1000);
    expect([fast.runs, slow.runs]).toEqual([2, 1]);
    await vi.advanceTimersByTimeAsync(4000);
    expect([fast.runs, slow.runs]).toEqual([6, 2]);
    await runner.stop();
  });

  it("logs a failing job with its name, keeps its schedule and runs the others", async () => {
    const log = quiet();
    const outcomes: [string, JobOutcome][] = [];
    const good = counting("test.good", 1000);
    let failures = 0;
    const bad: Job = {
      name: "test.bad",
      everyMs: 1000,
      run: async () => {
        failures++;
        throw new Error("relay unreachable");
      },
    };
    const runner = createJobRunner([bad, good], { firstRunAfterMs: 0, log, onRun: (name, outcome) => outcomes.push([name, outcome]) });
    runner.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(failures).toBe(3);
    expect(good.runs).toBe(3);
    expect(log).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenCalledWith("error", "job failed", { job: "test.bad", error: "relay unreachable" });
    expect(outcomes.filter(([name]) => name === "test.bad").map(([, outcome]) => outcome)).toEqual(["failed", "failed", "failed"]);
    expect(outcomes.filter(([name]) => name === "test.good").map(([, outcome]) => outcome)).toEqual(["ok", "ok", "ok"]);
    await runner.stop();
  });

  it("runs one run of a job at a time: a slow run delays the next, it does not overlap it", async () => {
    const job = counting("test.slow", 1000);
    job.blocked = true;
    const runner = createJobRunner([job], { firstRunAfterMs: 0, log: quiet() });
    runner.start();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(job.runs).toBe(1);
    // A wake during the run asks for one more after it, not a second one beside it.
    runner.wake("test.slow", 0);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(1);
    job.blocked = false;
    job.release();
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(998);
    expect(job.runs).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(3);
    await runner.stop();
  });

  it("stop waits for the run in flight, and nothing runs after it", async () => {
    const busy = counting("test.busy", 1000);
    const idle = counting("test.idle", 1000);
    busy.blocked = true;
    const runner = createJobRunner([busy, idle], { firstRunAfterMs: 0, log: quiet() });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(busy.inFlight).toBe(true);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5000);
    expect(stopped).toBe(false);
    busy.release();
    await stopping;
    expect(stopped).toBe(true);
    const runs = [busy.runs, idle.runs];
    await vi.advanceTimersByTimeAsync(10_000);
    expect([busy.runs, idle.runs]).toEqual(runs);
    runner.wake("test.idle", 0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(idle.runs).toBe(runs[1]);
  });

  it("a wake runs the job within its delay, and a stream of wakes never pushes the run away", async () => {
    const job = counting("test.woken", 60_000);
    const runner = createJobRunner([job], { firstRunAfterMs: 0, log: quiet() });
    runner.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(job.runs).toBe(1);
    // Woken every 50 ms for a second: each wake asks for a run within 200 ms, and gets it (were each
    // wake to restart the delay, none would run until the wakes stopped).
    for (let i = 0; i < 20; i++) {
      runner.wake("test.woken", 200);
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(job.runs).toBe(1 + 5);
    // No wake since the last run: back to its own schedule.
    await vi.advanceTimersByTimeAsync(59_999);
    expect(job.runs).toBe(6);
    await vi.advanceTimersByTimeAsync(1);
    expect(job.runs).toBe(7);
    runner.wake("test.unknown");
    await runner.stop();
  });

  it("refuses two jobs of one name", () => {
    const job = counting("test.twice", 1000);
    expect(() => createJobRunner([job, { ...job }])).toThrow(/test\.twice/);
  });

  it("keeps one runner per process, reached by wakeJob from any module, and forgets it once stopped", async () => {
    const job = counting("test.process", 60_000);
    const other = counting("test.other", 60_000);
    const stop = startJobRunner([job], { firstRunAfterMs: 0, log: quiet() });
    // A second start (a second bundle's instrumentation) gets the running one, not a second runner.
    const stopAgain = startJobRunner([other], { firstRunAfterMs: 0, log: quiet() });
    await vi.advanceTimersByTimeAsync(0);
    expect([job.runs, other.runs]).toEqual([1, 0]);
    wakeJob("test.process");
    await vi.advanceTimersByTimeAsync(200);
    expect(job.runs).toBe(2);
    await stopAgain();
    await stop();
    wakeJob("test.process", 0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(job.runs).toBe(2);
  });
});
