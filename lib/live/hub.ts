// The live results hub of one app server: however many people watch a survey here, one poller reads
// its figures (at most once per `intervalMs`) and hands each change to all of them. A survey is
// polled only while it has at least one viewer on this server; the last one leaving stops it.
//
// `notify(id)` says the figures may have moved (a vote here, or one on another server heard through
// Redis): the next read, still at most one per interval, then ignores any memoized figures read
// before the notice, so the vote is in it. `refresh(id)` says the survey itself changed (an unpublish,
// an edit, on any server): it is read at once, past the interval, so its viewers hear it within a read.
//
// Each change gets an id, the time this hub saw it in milliseconds, strictly increasing per survey
// (the SSE `id:`; a client reconnecting with the current id is not sent the same figures again). The
// hub remembers each survey's last figures and id after its poller stops (the last viewer left), so a
// lone viewer who reconnects gets the same id for the same figures, not a new one. Ids of different
// servers differ, so a client that reconnects to another server just gets the current figures again.

export type Snapshot<T> = { id: string; data: T };
/** Called with each change, or with null when the survey is gone (unpublished or deleted). */
export type Listener<T> = (snapshot: Snapshot<T> | null) => void;

export type HubOptions<T> = {
  /** The current figures, or null for a survey that is not (or no longer) public. `freshSince`: see above. */
  read: (id: string, freshSince?: number) => Promise<T | null>;
  intervalMs?: number;
  now?: () => number;
  /** A read that failed (the database away): the viewers keep the last figures, the next tick tries again. */
  onError?: (error: unknown) => void;
};

type Entry<T> = {
  listeners: Set<Listener<T>>;
  last: Snapshot<T> | null;
  lastJson: string;
  lastId: number;
  first: Promise<Snapshot<T> | null>;
  /** When the last read began. */
  readAt: number;
  /** The latest notice not yet covered by a read. */
  noticeAt: number | null;
  timer: ReturnType<typeof setTimeout> | null;
  reading: boolean;
};

export type Hub<T> = {
  /** Adds a viewer; resolves with the current figures (null: no such public survey, and nothing was added). */
  join(id: string, listener: Listener<T>): Promise<{ snapshot: Snapshot<T> | null; leave: () => void }>;
  /** The figures of `id` may have changed. */
  notify(id: string): void;
  /** The survey `id` changed (unpublished, edited): read it now, whatever the interval. */
  refresh(id: string): void;
  /** Viewers on this server, and the surveys they watch. */
  size(): { viewers: number; surveys: number };
  /** Stops every poller and forgets every viewer (a stopping server). */
  close(): void;
};

/** Surveys whose last figures and id are remembered once nobody watches them (the oldest go first). */
export const REMEMBERED_SURVEYS = 10_000;

export function createHub<T>({ read, intervalMs = 1000, now = Date.now, onError }: HubOptions<T>): Hub<T> {
  const entries = new Map<string, Entry<T>>();
  // A survey's last figures (as JSON) and their id, kept beyond its poller; in least recently used order.
  const remembered = new Map<string, { json: string; id: number }>();
  let viewers = 0;

  function remember(id: string, json: string, lastId: number) {
    remembered.delete(id);
    remembered.set(id, { json, id: lastId });
    if (remembered.size > REMEMBERED_SURVEYS) remembered.delete(remembered.keys().next().value!);
  }

  const current = (id: string, entry: Entry<T>) => entries.get(id) === entry;

  function schedule(id: string, entry: Entry<T>) {
    if (entry.timer || entry.reading || !current(id, entry)) return;
    const wait = Math.max(0, entry.readAt + intervalMs - now());
    entry.timer = setTimeout(() => {
      entry.timer = null;
      void poll(id, entry);
    }, wait);
    entry.timer.unref?.();
  }

  /** One read; emits a change; schedules the next. The first read's failure is thrown (to the joiners). */
  async function poll(id: string, entry: Entry<T>) {
    if (!current(id, entry)) return;
    const first = entry.last === null;
    entry.reading = true;
    const freshSince = entry.noticeAt ?? undefined;
    entry.noticeAt = null;
    entry.readAt = now();
    let data: T | null;
    try {
      data = await read(id, freshSince);
    } catch (error) {
      entry.reading = false;
      if (first) {
        // Nothing to show yet: the joiners are told, and the next viewer tries afresh.
        if (current(id, entry)) entries.delete(id);
        throw error;
      }
      onError?.(error);
      // Not read after all: the notice still stands.
      if (freshSince !== undefined) entry.noticeAt = Math.max(entry.noticeAt ?? 0, freshSince);
      schedule(id, entry);
      return;
    }
    entry.reading = false;
    if (!current(id, entry)) return;
    if (data === null) {
      // Not public (or no longer): the poller stops, and viewers already shown figures hear it.
      entries.delete(id);
      remembered.delete(id);
      viewers -= entry.listeners.size;
      const listeners = first ? [] : [...entry.listeners];
      entry.listeners.clear();
      for (const listener of listeners) listener(null);
      return;
    }
    const json = JSON.stringify(data);
    const changed = json !== entry.lastJson;
    if (changed) {
      entry.lastJson = json;
      entry.lastId = Math.max(now(), entry.lastId + 1);
    }
    // The first read of figures seen before (a poller started again) keeps their remembered id.
    if (changed || first) {
      remember(id, json, entry.lastId);
      entry.last = { id: String(entry.lastId), data };
      // The joiners waiting for the first read get it from join().
      if (!first) for (const listener of [...entry.listeners]) listener(entry.last);
    }
    schedule(id, entry);
  }

  function create(id: string): Entry<T> {
    const known = remembered.get(id);
    const entry: Entry<T> = {
      listeners: new Set(),
      last: null,
      lastJson: known?.json ?? "",
      lastId: known?.id ?? 0,
      first: Promise.resolve(null),
      readAt: 0,
      noticeAt: null,
      timer: null,
      reading: false,
    };
    entries.set(id, entry);
    entry.first = poll(id, entry).then(() => entry.last);
    // Joiners handle a failure; this only keeps an unawaited rejection from being reported.
    entry.first.catch(() => {});
    return entry;
  }

  function remove(id: string, entry: Entry<T>, listener: Listener<T>) {
    if (!entry.listeners.delete(listener)) return;
    viewers--;
    if (entry.listeners.size > 0 || !current(id, entry)) return;
    if (entry.timer) clearTimeout(entry.timer);
    entry.timer = null;
    entries.delete(id);
  }

  return {
    async join(id, listener) {
      const entry = entries.get(id) ?? create(id);
      entry.listeners.add(listener);
      viewers++;
      let snapshot: Snapshot<T> | null;
      try {
        snapshot = entry.last ?? (await entry.first);
      } catch (error) {
        remove(id, entry, listener);
        throw error;
      }
      if (!snapshot || !current(id, entry)) {
        remove(id, entry, listener);
        // A survey that went away between the first read and now.
        return { snapshot: null, leave: () => {} };
      }
      return { snapshot: entry.last ?? snapshot, leave: () => remove(id, entry, listener) };
    },
    notify(id) {
      const entry = entries.get(id);
      if (!entry) return;
      // The latest notice counts: a read must have begun after every vote it was told of.
      entry.noticeAt = now();
      schedule(id, entry);
    },
    refresh(id) {
      const entry = entries.get(id);
      if (!entry) return;
      entry.noticeAt = now();
      // A read under way began before the change: the next one follows it at once.
      entry.readAt = 0;
      if (entry.reading) return;
      if (entry.timer) clearTimeout(entry.timer);
      entry.timer = null;
      void poll(id, entry).catch(() => {});
    },
    size: () => ({ viewers, surveys: entries.size }),
    close() {
      for (const entry of entries.values()) {
        if (entry.timer) clearTimeout(entry.timer);
        entry.timer = null;
        entry.listeners.clear();
      }
      entries.clear();
      viewers = 0;
    },
  };
}
