// GET /api/all_surveys?sort=&category=&page=&limit=: one page of published surveys, as an array
import { toSurveyJson } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { cachedSurveyList } from "@/lib/cache/surveys";
import { surveyListQuerySchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: "public",
  query: surveyListQuerySchema,
  handler: async ({ query }) =>
    (await cachedSurveyList(query.sort, query.category, query.page, query.limit)).map(toSurveyJson),
});
export const OPTIONS = preflight;
