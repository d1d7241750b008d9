// The live hub on its own: a fake clock and a counted `read`, no database and no real waiting.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createHub, type Snapshot } from "./hub";

type Figures = { yes: number };

function setup(initial: Record<string, Figures | null> = { s1: { yes: 1 } }) {
  const figures = new Map(Object.entries(initial));
  const reads: { id: string; freshSince?: number; at: number }[] = [];
  let failing = false;
  const hub = createHub<Figures>({
    intervalMs: 1000,
    read: async (id, freshSince) => {
      reads.push({ id, freshSince, at: Date.now() });
      if (failing) throw new Error("database away");
      return figures.get(id) ?? null;
    },
  });
  return {
    hub,
    reads,
    set: (id: string, value: Figures | null) => figures.set(id, value),
    fail: (value: boolean) => (failing = value),
  };
}

/** Lets the timers of `ms` run, and the reads they start settle. */
async function elapse(ms: number) {
  await vi.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-01-01T00:00:00Z") });
});
afterEach(() => {
  vi.useRealTimers();
});

describe("the live hub", () => {
  it("serves N viewers of one survey from one read a second, and hands each change to all of them", async () => {
    const { hub, reads, set } = setup();
    const seen: Snapshot<Figures>[][] = Array.from({ length: 50 }, () => []);
    const joined = await Promise.all(seen.map((list) => hub.join("s1", (s) => s && list.push(s))));
    expect(reads).toHaveLength(1);
    expect(joined.every((j) => j.snapshot?.data.yes === 1)).toBe(true);
    // All of them got the same first figures and the same id.
    expect(new Set(joined.map((j) => j.snapshot!.id)).size).toBe(1);
    expect(hub.size()).toEqual({ viewers: 50, surveys: 1 });

    set("s1", { yes: 2 });
    await elapse(1000);
    expect(reads).toHaveLength(2);
    expect(seen.every((list) => list.length === 1 && list[0].data.yes === 2)).toBe(true);
    expect(Number(seen[0][0].id)).toBeGreaterThan(Number(joined[0].snapshot!.id));

    // Unchanged figures are read (once a second) but not sent again.
    await elapse(5000);
    expect(reads).toHaveLength(7);
    expect(seen.every((list) => list.length === 1)).toBe(true);
    // A later viewer gets the current figures without another read.
    const late = await hub.join("s1", () => {});
    expect(late.snapshot?.data.yes).toBe(2);
    expect(late.snapshot?.id).toBe(seen[0][0].id);
    expect(reads).toHaveLength(7);
  });

  it("stops reading a survey when its last viewer leaves, and starts again for a new one", async () => {
    const { hub, reads } = setup({ s1: { yes: 1 }, s2: { yes: 5 } });
    const a = await hub.join("s1", () => {});
    const b = await hub.join("s1", () => {});
    const other = await hub.join("s2", () => {});
    await elapse(2000);
    const s1Reads = () => reads.filter((r) => r.id === "s1").length;
    expect(s1Reads()).toBe(3);
    a.leave();
    await elapse(1000);
    expect(s1Reads()).toBe(4);
    b.leave();
    b.leave(); // leaving twice changes nothing
    expect(hub.size()).toEqual({ viewers: 1, surveys: 1 });
    await elapse(10_000);
    expect(s1Reads()).toBe(4);
    // The other survey is still watched.
    expect(reads.filter((r) => r.id === "s2").length).toBeGreaterThan(10);
    other.leave();
    const total = reads.length;
    await elapse(10_000);
    expect(reads.length).toBe(total);
    expect(hub.size()).toEqual({ viewers: 0, surveys: 0 });

    await hub.join("s1", () => {});
    expect(s1Reads()).toBe(5);
  });

  it("reads again after a notice, still at most once a second, ignoring figures memoized before the notice", async () => {
    const { hub, reads } = setup();
    await hub.join("s1", () => {});
    expect(reads).toHaveLength(1);
    await elapse(100);
    hub.notify("s1");
    await elapse(200);
    // The latest notice counts: the read must begin after every vote it was told of.
    const noticeAt = Date.now();
    hub.notify("s1");
    // Not before a second has passed since the last read...
    await elapse(600);
    expect(reads).toHaveLength(1);
    // ...and then once, with the notice's time.
    await elapse(100);
    expect(reads).toHaveLength(2);
    expect(reads[1].freshSince).toBe(noticeAt);
    // Plain polls reuse a memo.
    await elapse(1000);
    expect(reads[2].freshSince).toBeUndefined();
    // A notice long after the last read is read at once.
    hub.notify("s1");
    await elapse(0);
    expect(reads).toHaveLength(3);
    await elapse(1000);
    expect(reads).toHaveLength(4);
    expect(reads[3].freshSince).toBeDefined();
    // A notice for a survey nobody watches here costs nothing.
    hub.notify("nobody-watches");
    await elapse(2000);
    expect(reads.some((r) => r.id === "nobody-watches")).toBe(false);
  });

  it("answers null for a survey that is not public, and tells viewers when one stops being public", async () => {
    const { hub, set } = setup({ s1: { yes: 1 }, hidden: null });
    expect((await hub.join("hidden", () => {})).snapshot).toBeNull();
    expect(hub.size()).toEqual({ viewers: 0, surveys: 0 });
    const heard: (Snapshot<Figures> | null)[] = [];
    await hub.join("s1", (s) => heard.push(s));
    set("s1", null);
    await elapse(1000);
    expect(heard).toEqual([null]);
    expect(hub.size()).toEqual({ viewers: 0, surveys: 0 });
  });

  it("keeps the last figures while reads fail, and a failed first read reaches the joiner, not a 404", async () => {
    const { hub, reads, set, fail } = setup();
    const heard: Snapshot<Figures>[] = [];
    await hub.join("s1", (s) => s && heard.push(s));
    fail(true);
    await elapse(3000);
    expect(heard).toEqual([]);
    fail(false);
    set("s1", { yes: 3 });
    await elapse(1000);
    expect(heard.map((s) => s.data.yes)).toEqual([3]);

    fail(true);
    await expect(hub.join("s2", () => {})).rejects.toThrow("database away");
    fail(false);
    set("s2", { yes: 9 });
    const before = reads.length;
    expect((await hub.join("s2", () => {})).snapshot?.data.yes).toBe(9);
    expect(reads.length).toBe(before + 1);
  });

  it("gives each change an id that only grows, even within one millisecond", async () => {
    const { hub, set } = setup();
    const ids: number[] = [];
    const first = await hub.join("s1", (s) => s && ids.push(Number(s.id)));
    ids.unshift(Number(first.snapshot!.id));
    for (let i = 2; i < 6; i++) {
      set("s1", { yes: i });
      await elapse(1000);
    }
    expect(ids).toHaveLength(5);
    for (let i = 1; i < ids.length; i++) expect(ids[i]).toBeGreaterThan(ids[i - 1]);
  });

  it("keeps a survey's id for unchanged figures after its poller stops and starts again (a lone viewer reconnecting)", async () => {
    const { hub, set } = setup();
    const first = await hub.join("s1", () => {});
    first.leave();
    expect(hub.size()).toEqual({ viewers: 0, surveys: 0 });
    await elapse(5000);
    // The same lone viewer comes back (Last-Event-ID: the id it has): the same figures keep that id.
    const back = await hub.join("s1", () => {});
    expect(back.snapshot).toEqual(first.snapshot);
    back.leave();
    // Figures that moved while nobody watched get a newer id.
    set("s1", { yes: 2 });
    await elapse(1000);
    const moved = await hub.join("s1", () => {});
    expect(moved.snapshot?.data.yes).toBe(2);
    expect(Number(moved.snapshot!.id)).toBeGreaterThan(Number(first.snapshot!.id));
    moved.leave();
    // A survey that stopped being public is forgotten.
    set("s1", null);
    expect((await hub.join("s1", () => {})).snapshot).toBeNull();
    set("s1", { yes: 2 });
    await elapse(1000);
    expect(Number((await hub.join("s1", () => {})).snapshot!.id)).toBeGreaterThan(Number(moved.snapshot!.id));
  });

  it("closes: no more reads, no viewers", async () => {
    const { hub, reads } = setup();
    await hub.join("s1", () => {});
    hub.close();
    await elapse(5000);
    expect(reads).toHaveLength(1);
    expect(hub.size()).toEqual({ viewers: 0, surveys: 0 });
  });

  it("reads a changed survey at once, past its interval, and tells its viewers it is gone within that read", async () => {
    const { hub, reads, set } = setup();
    const seen: (Snapshot<Figures> | null)[] = [];
    await hub.join("s1", (s) => seen.push(s));
    expect(reads).toHaveLength(1);
    set("s1", null); // unpublished
    hub.refresh("s1");
    await elapse(0);
    expect(reads).toHaveLength(2);
    expect(reads[1].freshSince).toBe(reads[1].at);
    expect(seen).toEqual([null]);
    expect(hub.size()).toEqual({ viewers: 0, surveys: 0 });
    // A survey nobody here watches costs nothing.
    hub.refresh("s2");
    await elapse(0);
    expect(reads).toHaveLength(2);
  });

  it("follows a read under way with another at once when the survey changes meanwhile", async () => {
    const figures: Record<string, Figures | null> = { s1: { yes: 1 } };
    let release: (() => void) | null = null;
    const reads: number[] = [];
    const hub = createHub<Figures>({
      intervalMs: 1000,
      // What the database held when the read began.
      read: async (id) => {
        reads.push(Date.now());
        const value = figures[id] ?? null;
        if (reads.length === 2) await new Promise<void>((r) => (release = r));
        return value;
      },
    });
    const seen: (Snapshot<Figures> | null)[] = [];
    await hub.join("s1", (s) => seen.push(s));
    await elapse(1000); // the second read starts, and waits
    expect(reads).toHaveLength(2);
    figures.s1 = null;
    hub.refresh("s1");
    release!();
    await elapse(0);
    // The read under way began before the change: the next one came at once, not a second later.
    expect(reads).toHaveLength(3);
    expect(seen).toEqual([null]);
  });
});
