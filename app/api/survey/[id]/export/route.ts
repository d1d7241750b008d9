// GET /api/survey/{id}/export: the survey's figures and voters as a streamed CSV file (its surveyor or an admin)
import { NextResponse } from "next/server";
import { preflight, route } from "@/lib/api/handler";
import { rolesFor } from "@/lib/auth/permissions";
import { exportFileName, surveyCsvStream } from "@/lib/services/survey-export";
import { getManagedSurvey } from "@/lib/services/surveyor-workspace";
import { surveyIdParamsSchema } from "@/lib/validation/survey-list";

export const GET = route({
  auth: rolesFor("manageOwnSurveys"),
  params: surveyIdParamsSchema,
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
