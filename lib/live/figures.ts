import "server-only";
import { metrics } from "@/lib/metrics.mjs";
import { getSurveyCounts } from "@/lib/surveys/queries";
import { resultsHidden, visibleCounts, type ResultsViewer, type VisibleCounts } from "@/lib/surveys/results-visibility";

// Live results, shared by every viewer of a survey: at most one database read per survey, per
// server, per LIVE_RESULTS_MS, however many browsers poll. Concurrent callers of an expired entry
// share one read; the figures are never older than LIVE_RESULTS_MS plus one read. Kept in process
// memory (not Next's cache): an entry lives a second, and a shared store would cost a round trip
// per viewer for no fewer database reads. Bounded: the oldest entries go first past the limit.
export const LIVE_RESULTS_MS = 1000;
const LIVE_RESULTS_MAX_ENTRIES = 10_000;
type LiveResults = NonNullable<Awaited<ReturnType<typeof getSurveyCounts>>>;
const live = new Map<string, { at: number; value: Promise<LiveResults | null> }>();

// `freshSince`: a read that began before this time is not reused (the live hub, told of a vote at that
// time, must see it).
function liveResults(id: string, freshSince?: number): Promise<LiveResults | null> {
  const now = Date.now();
  const hit = live.get(id);
  if (hit && now - hit.at < LIVE_RESULTS_MS && (freshSince === undefined || hit.at >= freshSince)) return hit.value;
  metrics().liveReads.inc();
  const value = getSurveyCounts(id);
  live.delete(id);
  live.set(id, { at: now, value });
  // A failed read is not remembered.
  value.catch(() => live.get(id)?.value === value && live.delete(id));
  if (live.size > LIVE_RESULTS_MAX_ENTRIES) live.delete(live.keys().next().value!);
  return value;
}

/** Forgets a survey's memo, so the next read sees a change made now (an unpublish: the streams say `gone`). */
export function forgetLiveResults(id: string) {
  live.delete(id);
}

/**
 * What `GET /api/survey/{id}/results` answers and each event of `GET /api/survey/{id}/live` carries:
 * the counts with their stats, or nulls while a survey's results wait for its deadline.
 */
export type Figures = VisibleCounts & { total: number | null; deadlinePassed: boolean };

type Counts = NonNullable<Awaited<ReturnType<typeof liveResults>>>;

function figuresOf(results: Counts, hidden: boolean): Figures {
  const counts = visibleCounts(results, hidden);
  const total = counts.yesCount === null ? null : counts.yesCount + counts.noCount;
  return { ...counts, total, deadlinePassed: results.deadlinePassed };
}

/**
 * A published survey's public figures (null when unknown or unpublished), from the per-server memo
 * of `liveResults` (one database read per survey per second). The one place their shape is built, so
 * the polled call and the stream always say the same thing. Never anything personal.
 */
export async function publicFigures(id: string, freshSince?: number): Promise<Figures | null> {
  const results = await liveResults(id, freshSince);
  if (!results) return null;
  return figuresOf(results, resultsHidden(results, results.deadlinePassed, null));
}

/**
 * The figures `viewer` may read, and whether they are theirs alone: the survey's surveyor or an admin
 * reading counts the public may not see yet (never to be cached or shared).
 */
export async function viewerFigures(id: string, viewer: ResultsViewer): Promise<{ figures: Figures; personal: boolean } | null> {
  const results = await liveResults(id);
  if (!results) return null;
  const hidden = resultsHidden(results, results.deadlinePassed, viewer);
  const personal = hidden !== resultsHidden(results, results.deadlinePassed, null);
  return { figures: figuresOf(results, hidden), personal };
}
