// GET /api/get_updated_survey/{id}: the original client's second name for GET /api/survey/{id}
// (it re-reads yesCount and noCount after a vote); one handler serves both paths, described apart.
import { surveyJsonSchema } from "@/lib/api/contract";
import { describedAs } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { GET as surveyGet } from "../../survey/[id]/route";

export const GET = describedAs(surveyGet, {
  tag: "Surveys",
  summary: "One survey (the original client's second name)",
  description: "The same answer as `GET /api/survey/{id}`, under the path the original client re-reads the counts from after a vote.",
  answers: [answer("The survey", surveyJsonSchema)],
});
export { OPTIONS } from "../../survey/[id]/route";
