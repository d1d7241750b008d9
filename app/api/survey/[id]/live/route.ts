// GET /api/survey/{id}/live: a published survey's figures as Server-Sent Events: the current ones at
// once, then each change (at most about once a second), a heartbeat comment every 20 s. The same
// figures as GET /api/survey/{id}/results, for everyone, so no session is read. Unknown, unpublished
// or malformed ids get the usual JSON 404; too many streams a JSON 429/503 (the page then polls).
// See lib/live/streams.ts and docs/api.md.
import { ApiError } from "@/lib/api/errors";
import { preflight, route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { openLiveStream } from "@/lib/live/streams";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";

// A stream per request, never cached or prerendered.
export const dynamic = "force-dynamic";

export const GET = route({
  auth: "none",
  params: surveyIdParamsSchema,
  handler: async ({ request, params }) => {
    const stream = await openLiveStream({
      surveyId: params.id,
      client: clientAddress(request.headers),
      lastEventId: request.headers.get("last-event-id"),
      signal: request.signal,
    });
    if (!stream) throw new ApiError("not_found", "Survey not found");
    return stream;
  },
});
export const OPTIONS = preflight;
