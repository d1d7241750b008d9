// GET /api/survey/{id}/live: a published survey's figures as Server-Sent Events: the current ones at
// once, then each change (at most about once a second), a heartbeat comment every 20 s. The same
// figures as GET /api/survey/{id}/results, for everyone, so no session is read. Unknown, unpublished
// or malformed ids get the usual JSON 404; too many streams a JSON 429/503 (the page then polls).
// See lib/live/streams.ts and docs/api.md.
import { ApiError } from "@/lib/api/errors";
import { preflight, route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { openLiveStream } from "@/lib/live/streams";
import { runtime } from "@/lib/runtime.mjs";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

// A stream per request, never cached or prerendered.
export const dynamic = "force-dynamic";

export const GET = route({
  auth: "none",
  params: surveyIdParamsSchema,
  doc: {
    tag: "Surveys",
    summary: "Live results, pushed (Server-Sent Events)",
    description:
      "A published survey's figures as an event stream: `retry: 3000`, then a first event immediately (`id:` the time its figures were first seen, `data:` the JSON of `GET /api/survey/{id}/results`), then one per change, at most about once a second, and a `: ping` comment every 20 s. A reconnect sending the current `Last-Event-ID` gets no repeat. `event: gone` when the survey is unpublished or deleted. Reads no session: the same public figures for everyone. More than 10 streams from one client (an IPv4 address, an IPv6 /64; all of loopback is one): 429; the server at its cap or stopping: 503 (each with `Retry-After`); the pages then poll `/results`.",
    answers: [
      {
        status: 200,
        description: "The stream (`Cache-Control: no-cache, no-transform`)",
        media: [{ type: "text/event-stream", schema: { type: "string", description: "Server-Sent Events; each `data:` is the JSON of GET /api/survey/{id}/results" } }],
      },
    ],
    errors: [404, 429, 503],
  },
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

// The server hands the streams after the first to this handler itself, without Next's request pipeline
// and the memory it holds per open stream (server/live-streams.mjs).
(runtime().services as { liveStream?: typeof GET }).liveStream = GET;
