// POST /api/get_participated_survey: the surveys the caller voted on, with their own vote
import { withMongoId, participatedSurveySchema } from "@/lib/api/contract";
import { preflight } from "@/lib/api/handler";
import { ownListRoute } from "@/lib/api/own-list-route";
import { listParticipatedSurveys } from "@/lib/votes/votes";

export const POST = ownListRoute({
  auth: "viewOwnParticipation",
  summary: "My votes",
  description: "The surveys the caller voted on, newest vote first, with their own vote. A read sent as POST, as the original client does.",
  item: participatedSurveySchema,
  list: listParticipatedSurveys,
  toJson: withMongoId,
});

export const OPTIONS = preflight;
