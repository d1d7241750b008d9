// PUT /api/vote/{id}: cast the caller's one vote on a survey; GET: the counts with their stats and the
// caller's own vote (read once per page; the live figures come from GET /api/survey/{id}/results, shared
// by everyone). Both answer null counts while the survey keeps its results until its deadline.
import { NextResponse } from "next/server";
import { ApiError } from "@/lib/api/errors";
import { preflight, route } from "@/lib/api/handler";
import { clientAddress } from "@/lib/auth/client-address";
import { assertSelf, rolesFor } from "@/lib/auth/permissions";
import { networkHash } from "@/lib/network-hash";
import { castVote, getVotingState } from "@/lib/services/votes";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";
import { voteBodySchema } from "@/lib/validation/vote";

export const GET = route({
  auth: "public",
  params: surveyIdParamsSchema,
  handler: async ({ user, params }) => {
    const state = await getVotingState(params.id, user);
    if (!state) throw new ApiError("not_found", "Survey not found");
    // Personal and live: never stored by a browser or a shared cache.
    return NextResponse.json(state, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const PUT = route({
  auth: rolesFor("vote"),
  params: surveyIdParamsSchema,
  body: voteBodySchema,
  maxBodyBytes: 16 * 1024,
  handler: async ({ request, user, params, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    // Identity, and the address whose mailbox votes once per survey, come from the session's user.
    const result = await castVote({ surveyId: params.id, userId: user.id, role: user.role, vote: body.vote, comment: body.comment, notifyResult: body.notifyResult, network: networkHash(clientAddress(request.headers)), email: user.email });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1, ...result };
  },
});

export const OPTIONS = preflight;
