// POST /api/create_survey: a surveyor (or admin) creates a survey they own; answers { insertedId }
import { NextResponse } from "next/server";
import { z } from "zod";
import { createdSurveySchema } from "@/lib/api/contract";
import { parseBody, preflight, route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { assertSelf } from "@/lib/auth/permissions";
import { createSurvey } from "@/lib/surveys/workspace";
import { siteToday } from "@/lib/site-dates";
import { createSurveyBodySchema } from "@/lib/surveys/schema";

export const POST = route({
  auth: "createSurvey",
  // Parsed below: the earliest deadline is today in the site's time zone, read per request.
  body: z.unknown(),
  maxBodyBytes: 32 * 1024,
  doc: {
    tag: "Surveyor",
    summary: "Create a survey",
    description:
      "A survey owned by the caller. The deadline may not be before today in the site's time zone. `surveyorEmail`, if sent, must be the caller's (403 otherwise); unknown fields are refused (400).",
    body: createSurveyBodySchema(""),
    answers: [answer("Created", createdSurveySchema, 201)],
  },
  handler: async ({ user, body }) => {
    const { surveyorEmail, ...fields } = parseBody(createSurveyBodySchema(siteToday()), body);
    // The original client named the owner in the body; the owner is always the caller.
    assertSelf(user, { email: surveyorEmail }, { message: "You can only create surveys for your own account" });
    const { id } = await createSurvey(user.id, fields);
    return NextResponse.json({ acknowledged: true, insertedId: id }, { status: 201 });
  },
});

export const OPTIONS = preflight;
