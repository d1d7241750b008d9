// GET /api/get_features_surveys: the 6 published, still open surveys with the most votes (ties: newest first)
import { surveyJsonFor } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { siteToday } from "@/lib/services/surveyor-workspace";
import { cachedFeaturedSurveys } from "@/lib/cache/surveys";

export const GET = route({
  auth: "public",
  handler: async ({ user }) => (await cachedFeaturedSurveys()).map(surveyJsonFor(user, siteToday())),
});
export const OPTIONS = preflight;
