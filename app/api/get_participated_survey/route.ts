// POST /api/get_participated_survey: the surveys the caller voted on, with their own vote
import { withMongoId, participatedSurveySchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { assertSelf } from "@/lib/auth/permissions";
import { listParticipatedSurveys } from "@/lib/votes/votes";
import { ownIdentityBodySchema } from "@/lib/votes/schema";
import { z } from "@/lib/validation/zod";

export const POST = route({
  auth: "viewOwnParticipation",
  body: ownIdentityBodySchema,
  maxBodyBytes: 4 * 1024,
  doc: {
    tag: "Voting",
    summary: "My votes",
    description: "The surveys the caller voted on, newest vote first, with their own vote. A read sent as POST, as the original client does.",
    who: "own data only",
    answers: [answer("The surveys", z.array(participatedSurveySchema))],
  },
  handler: async ({ user, body }) => {
    assertSelf(user, { email: body.userEmail, name: body.userName });
    const rows = await listParticipatedSurveys(user.id);
    return rows.map(withMongoId);
  },
});

export const OPTIONS = preflight;
