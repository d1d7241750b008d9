// GET /api/survey/{id}/export: the survey's figures and voters as a streamed CSV file (its surveyor or an admin)
import { NextResponse } from "next/server";
import { preflight, route } from "@/lib/api/handler";
import { exportFileName, surveyCsvStream } from "@/lib/surveys/export";
import { getManagedSurvey } from "@/lib/surveys/workspace";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

export const GET = route({
  auth: "manageOwnSurveys",
  params: surveyIdParamsSchema,
  doc: {
    tag: "Surveyor",
    summary: "Export a survey as CSV",
    description: "The survey's figures, then one row per voter, as a streamed CSV attachment (UTF-8 with a byte order mark).",
    who: "the survey's own surveyor, or an admin",
    answers: [{ status: 200, description: "The CSV file", media: [{ type: "text/csv", schema: { type: "string" } }] }],
  },
  handler: async ({ user, params }) => {
    const survey = await getManagedSurvey(params.id, user);
    return new NextResponse(surveyCsvStream(survey), {
      headers: {
        "Content-Type": "text/csv; charset=utf-8",
        "Content-Disposition": `attachment; filename="${exportFileName(survey)}"`,
        "X-Content-Type-Options": "nosniff",
      },
    });
  },
});

export const OPTIONS = preflight;
