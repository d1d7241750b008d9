// GET /api/feedbacks: the caller's own surveys that an admin gave feedback on, with status and feedback
import { toFeedbackJson } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { listFeedbacks } from "@/lib/services/surveyor-workspace";
import { apiPageQuerySchema } from "@/lib/validation/survey-form";

export const GET = route({
  auth: rolesFor("readFeedback"),
  query: apiPageQuerySchema,
  handler: async ({ user, query }) =>
    (await listFeedbacks(user.id, { limit: query.limit, offset: (query.page - 1) * query.limit })).map(toFeedbackJson),
});

export const OPTIONS = preflight;
