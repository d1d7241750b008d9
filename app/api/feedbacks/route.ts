// GET /api/feedbacks: the caller's own surveys that an admin gave feedback on, with status and feedback
import { toFeedbackJson, feedbackJsonSchema } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { listFeedbacks } from "@/lib/surveys/workspace";
import { apiPageQuerySchema } from "@/lib/surveys/schema";
import { z } from "@/lib/validation/zod";

export const GET = route({
  auth: "readFeedback",
  query: apiPageQuerySchema,
  doc: {
    tag: "Surveyor",
    summary: "Feedback on my surveys",
    description: "The caller's own surveys an admin gave feedback on, newest first.",
    answers: [answer("The surveys with feedback", z.array(feedbackJsonSchema))],
  },
  handler: async ({ user, query }) =>
    (await listFeedbacks(user.id, { limit: query.limit, offset: (query.page - 1) * query.limit })).map(toFeedbackJson),
});

export const OPTIONS = preflight;
