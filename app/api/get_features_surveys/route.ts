// GET /api/get_features_surveys: the 6 published surveys with the most votes (ties: newest first)
import { preflight, route } from "@/lib/api/handler";
import { cachedSurveyList } from "@/lib/services/survey-cache";
import { toSurveyJson } from "@/lib/services/surveys";

export const GET = route({
  auth: "public",
  handler: async () => (await cachedSurveyList("totalVotes", undefined, 1, 6)).map(toSurveyJson),
});
export const OPTIONS = preflight;
