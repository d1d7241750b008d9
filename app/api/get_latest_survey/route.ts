// GET /api/get_latest_survey: the 6 newest published surveys
import { toSurveyJson } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { cachedSurveyList } from "@/lib/cache/surveys";

export const GET = route({
  auth: "public",
  handler: async () => (await cachedSurveyList("createdAt", undefined, 1, 6)).map(toSurveyJson),
});
export const OPTIONS = preflight;
