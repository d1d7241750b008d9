import "server-only";
import { liveResults } from "@/lib/cache/surveys";
import { resultsHidden, visibleCounts, type ResultsViewer, type VisibleCounts } from "@/lib/results-visibility";

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
