// GET /api/survey/{id}/results: a published survey's live figures, the same for every viewer, from a
// per-server cache refreshed at most once a second (lib/cache/surveys.ts `liveResults`).
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { preflight, route } from "@/lib/api/handler";
import { LIVE_RESULTS_MS, liveResults } from "@/lib/cache/surveys";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: "public",
  params: surveyIdParamsSchema,
  handler: async ({ params }) => {
    const results = await liveResults(params.id);
    if (!results) throw new ApiError("not_found", "Survey not found");
    const { yesCount, noCount, deadlinePassed } = results;
    // Shared: a browser or a CDN may keep it for the same second.
    return NextResponse.json(
      { yesCount, noCount, total: yesCount + noCount, deadlinePassed },
      { headers: { "Cache-Control": `public, max-age=${LIVE_RESULTS_MS / 1000}` } },
    );
  },
});
export const OPTIONS = preflight;
