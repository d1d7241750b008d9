// GET /api/survey/{id}/results: a published survey's live figures with their stats, the same for every
// viewer, from a per-server cache refreshed at most once a second (lib/live/figures.ts);
// the same figures as each event of GET /api/survey/{id}/live (lib/live/figures.ts). A survey whose
// results wait for its deadline answers nulls until then, except to its surveyor and admins.
import { NextResponse } from "next/server";
import { surveyResultsSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { LIVE_RESULTS_MS } from "@/lib/live/figures";
import { viewerFigures } from "@/lib/live/figures";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

export const GET = route({
  auth: "public",
  params: surveyIdParamsSchema,
  doc: {
    tag: "Surveys",
    summary: "Live results",
    description:
      "A published survey's live figures, the same for every viewer, refreshed at most once a second (`Cache-Control: public, max-age=1`). An unpublished survey has none (404).",
    answers: [answer("The figures", surveyResultsSchema)],
    errors: [404],
  },
  handler: async ({ params, user }) => {
    const found = await viewerFigures(params.id, user);
    if (!found) throw new ApiError("not_found", "Survey not found");
    // The surveyor or an admin reading counts the public may not see yet: theirs alone.
    if (found.personal) return NextResponse.json(found.figures, { headers: { "Cache-Control": "private, no-store" } });
    // Shared: a browser or a CDN may keep it for the same second.
    return NextResponse.json(found.figures, { headers: { "Cache-Control": `public, max-age=${LIVE_RESULTS_MS / 1000}` } });
  },
});
export const OPTIONS = preflight;
