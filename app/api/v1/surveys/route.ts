// GET /api/v1/surveys?cursor=&limit=: the key owner's surveys, newest first (surveys:read)
// POST /api/v1/surveys: a new survey of the key owner's (surveys:write; Idempotency-Key)
import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/api/handler";
import { answer } from "@/lib/api/route-doc";
import { createOwnSurvey, listOwnSurveysPage } from "@/lib/integrations/v1/surveys";
import { v1CreateSurveySchema, v1ListQuerySchema, v1SurveyPageSchema, v1SurveySchema } from "@/lib/integrations/v1/schemas";

export const GET = route({
  auth: "manageOwnSurveys",
  scope: "surveys:read",
  query: v1ListQuerySchema,
  doc: {
    tag: "API v1",
    summary: "My surveys",
    description: "The key owner's surveys, whatever their status, newest first, a page at a time (`nextCursor`). An admin's key lists the admin's own surveys only.",
    answers: [answer("A page of surveys", v1SurveyPageSchema)],
  },
  handler: async ({ user, query }) => listOwnSurveysPage(user.id, query),
});

export const POST = route({
  auth: "createSurvey",
  scope: "surveys:write",
  idempotent: true,
  // Parsed by the service: the earliest deadline is today in the site's time zone, read per request.
  body: z.unknown(),
  maxBodyBytes: 32 * 1024,
  doc: {
    tag: "API v1",
    summary: "Create a survey",
    description:
      "A survey of the key owner's, published at once, with the rules of the site's own form: the deadline from today on (the site's time zone); unknown fields are refused (400). `resultsVisibility` defaults to `after_voting`.",
    body: v1CreateSurveySchema,
    answers: [answer("Created", v1SurveySchema, 201)],
  },
  handler: async ({ user, body }) => NextResponse.json(await createOwnSurvey(user.id, body), { status: 201 }),
});
