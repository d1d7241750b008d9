// POST /api/get_commented_surveys: the surveys the caller (pro_user) commented on, with only their own comment
import { withMongoId, commentedSurveySchema } from "@/lib/api/contract";
import { preflight } from "@/lib/api/handler";
import { ownListRoute } from "@/lib/api/own-list-route";
import { listCommentedSurveys } from "@/lib/votes/votes";

export const POST = ownListRoute({
  auth: "viewOwnComments",
  summary: "My comments",
  description: "The surveys the caller commented on, with only their own comment. A read sent as POST, as the original client does.",
  item: commentedSurveySchema,
  list: listCommentedSurveys,
  // The original kept comments in an array on the survey; the caller's own is the only one shown.
  toJson: ({ comment, ...survey }, user) => ({ ...withMongoId(survey), comment: [{ userEmail: user.email, comment }] }),
});

export const OPTIONS = preflight;
