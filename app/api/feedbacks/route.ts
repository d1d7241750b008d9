// GET /api/feedbacks: the caller's own surveys that an admin gave feedback on, with status and feedback
import { preflight, route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { listFeedbacks } from "@/lib/services/surveys";
import { apiPageQuerySchema } from "@/lib/validation/survey-form";

export const GET = route({
  auth: rolesFor("readFeedback"),
  query: apiPageQuerySchema,
  handler: async ({ user, query }) =>
    (await listFeedbacks(user.id, { limit: query.limit, offset: (query.page - 1) * query.limit })).map((s) => ({
      _id: s.id,
      title: s.title,
      description: s.description,
      status: s.status,
      feedback: s.feedback,
    })),
});

export const OPTIONS = preflight;
