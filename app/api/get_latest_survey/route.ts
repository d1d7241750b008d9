// GET /api/get_latest_survey: the 6 newest published surveys
import { surveyJsonFor } from "@/lib/api/contract";
import { preflight, route } from "@/lib/api/handler";
import { siteToday } from "@/lib/services/surveyor-workspace";
import { cachedSurveyList } from "@/lib/cache/surveys";

export const GET = route({
  auth: "public",
  handler: async ({ user }) => (await cachedSurveyList("createdAt", undefined, 1, 6)).map(surveyJsonFor(user, siteToday())),
});
export const OPTIONS = preflight;
