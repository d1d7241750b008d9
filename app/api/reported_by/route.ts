// POST /api/reported_by: the surveys the caller reported, with their status
import { withMongoId, reportedSurveySchema } from "@/lib/api/contract";
import { preflight } from "@/lib/api/handler";
import { ownListRoute } from "@/lib/api/own-list-route";
import { listReportedSurveys } from "@/lib/votes/reports";

export const POST = ownListRoute({
  auth: "report",
  summary: "My reports",
  description: "The surveys the caller reported, newest report first, with their status. A read sent as POST, as the original client does.",
  item: reportedSurveySchema,
  list: listReportedSurveys,
  toJson: withMongoId,
});

export const OPTIONS = preflight;
