// GET /api/all_surveys?sort=&category=&page=&limit=: one page of published surveys, as an array
import { surveyJsonFor } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { siteToday } from "@/lib/services/surveyor-workspace";
import { cachedSurveyList } from "@/lib/cache/surveys";
import { surveyListQuerySchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: "public",
  query: surveyListQuerySchema,
  handler: async ({ query, user }) =>
    (await cachedSurveyList(query.sort, query.category, query.page, query.limit)).map(surveyJsonFor(user, siteToday())),
});
export const OPTIONS = preflight;
