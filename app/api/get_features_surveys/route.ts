// GET /api/get_features_surveys: the 6 published, still open surveys with the most votes (ties: newest first)
import { toSurveyJson } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { cachedFeaturedSurveys } from "@/lib/cache/surveys";

export const GET = route({
  auth: "public",
  handler: async () => (await cachedFeaturedSurveys()).map(toSurveyJson),
});
export const OPTIONS = preflight;
