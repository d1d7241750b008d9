// GET /api/survey/{id}/results: a published survey's live figures, the same for every viewer, from a
// per-server cache refreshed at most once a second (lib/cache/surveys.ts `liveResults`); the same
// figures as each event of GET /api/survey/{id}/live (lib/live/figures.ts).
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { preflight, route } from "@/lib/api/handler";
import { LIVE_RESULTS_MS } from "@/lib/cache/surveys";
import { publicFigures } from "@/lib/live/figures";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: "public",
  params: surveyIdParamsSchema,
  handler: async ({ params }) => {
    const figures = await publicFigures(params.id);
    if (!figures) throw new ApiError("not_found", "Survey not found");
    // Shared: a browser or a CDN may keep it for the same second.
    return NextResponse.json(figures, { headers: { "Cache-Control": `public, max-age=${LIVE_RESULTS_MS / 1000}` } });
  },
});
export const OPTIONS = preflight;
