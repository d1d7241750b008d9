import "server-only";
import { liveResults } from "@/lib/cache/surveys";

/** What `GET /api/survey/{id}/results` answers and each event of `GET /api/survey/{id}/live` carries. */
export type PublicFigures = { yesCount: number; noCount: number; total: number; deadlinePassed: boolean };

/**
 * A published survey's public figures (null when unknown or unpublished), from the per-server memo
 * of `liveResults` (one database read per survey per second). The one place their shape is built, so
 * the polled call and the stream always say the same thing. Never anything personal.
 */
export async function publicFigures(id: string, freshSince?: number): Promise<PublicFigures | null> {
  const results = await liveResults(id, freshSince);
  if (!results) return null;
  const { yesCount, noCount, deadlinePassed } = results;
  return { yesCount, noCount, total: yesCount + noCount, deadlinePassed };
}
