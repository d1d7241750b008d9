// PUT /api/vote/{id}: cast the caller's one vote on a survey; GET: the counts with their stats and the
// caller's own vote (read once per page; the live figures come from GET /api/survey/{id}/results, shared
// by everyone). Both answer null counts while the survey keeps its results until its deadline.
import { NextResponse } from "next/server";
import { voteResultSchema, votingStateSchema } from "@/lib/api/contract";
import { ApiError } from "@/lib/api/errors";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { clientAddress } from "@/lib/auth/client-address";
import { assertSelf } from "@/lib/auth/permissions";
import { networkHash } from "@/lib/integrity/network-hash";
import { castVote, getVotingState } from "@/lib/votes/votes";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";
import { voteBodySchema } from "@/lib/votes/schema";

export const GET = route({
  auth: "public",
  params: surveyIdParamsSchema,
  doc: {
    tag: "Voting",
    summary: "Voting state",
    description: "A published survey's counts and the caller's own vote and report, if signed in. Personal: `Cache-Control: private, no-store`.",
    answers: [answer("The voting state", votingStateSchema)],
    errors: [404],
  },
  handler: async ({ user, params }) => {
    const state = await getVotingState(params.id, user);
    if (!state) throw new ApiError("not_found", "Survey not found");
    // Personal and live: never stored by a browser or a shared cache.
    return NextResponse.json(state, { headers: { "Cache-Control": "private, no-store" } });
  },
});

export const PUT = route({
  auth: "vote",
  params: surveyIdParamsSchema,
  body: voteBodySchema,
  maxBodyBytes: 16 * 1024,
  doc: {
    tag: "Voting",
    summary: "Vote",
    description:
      "Casts the caller's one vote on a published survey before its deadline. A comment is for pro_user accounts only (403 otherwise). A second vote is 409, and so is a vote from a mailbox that already voted on this survey (from any account, a deleted one included; the address is compared in lower case without its `+tag`, and Gmail's without dots) and a vote after the deadline. Where the site sends mail, an unverified address is refused (403 `email_unverified`); `notifyResult` asks for the result by email when the survey closes. More than 60 vote attempts by one account in a minute: 429 with `Retry-After`.",
    who: "`userEmail` and `userName`, if sent, must be the caller's own",
    answers: [answer("The vote and the new counts", voteResultSchema)],
    errors: [404, 409, 429],
  },
  handler: async ({ request, user, params, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    // Identity, and the address whose mailbox votes once per survey, come from the session's user.
    const result = await castVote({ surveyId: params.id, userId: user.id, role: user.role, vote: body.vote, comment: body.comment, notifyResult: body.notifyResult, network: networkHash(clientAddress(request.headers)), email: user.email });
    return { acknowledged: true, matchedCount: 1, modifiedCount: 1, ...result };
  },
});

export const OPTIONS = preflight;
