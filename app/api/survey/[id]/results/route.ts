// GET /api/survey/{id}/results: a published survey's live figures with their stats, the same for every
// viewer, from a per-server cache refreshed at most once a second (lib/cache/surveys.ts `liveResults`).
// A survey whose results wait for its deadline answers nulls until then, except to its surveyor and admins.
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { preflight, route } from "@/lib/api/handler";
import { LIVE_RESULTS_MS, liveResults } from "@/lib/cache/surveys";
import { resultsHidden, visibleCounts } from "@/lib/results-visibility";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: "public",
  params: surveyIdParamsSchema,
  handler: async ({ params, user }) => {
    const results = await liveResults(params.id);
    if (!results) throw new ApiError("not_found", "Survey not found");
    const { deadlinePassed } = results;
    const hidden = resultsHidden(results, deadlinePassed, user);
    const { yesCount, noCount, stats, resultsHidden: withheld } = visibleCounts(results, hidden);
    const body = { yesCount, noCount, total: yesCount === null ? null : yesCount + noCount, deadlinePassed, stats, resultsHidden: withheld };
    // The surveyor or an admin reading counts the public may not see yet: theirs alone.
    if (hidden !== resultsHidden(results, deadlinePassed, null)) {
      return NextResponse.json(body, { headers: { "Cache-Control": "private, no-store" } });
    }
    // Shared: a browser or a CDN may keep it for the same second.
    return NextResponse.json(body, { headers: { "Cache-Control": `public, max-age=${LIVE_RESULTS_MS / 1000}` } });
  },
});
export const OPTIONS = preflight;
