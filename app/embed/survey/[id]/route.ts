// /embed/survey/{id} that the rewrite to the cached embed did not take (lib/public-rewrites.mjs): a theme
// other than light or dark goes to the default theme's address (the embed accepts only its
// documented parameters, and junk values get no page of their own); an id that is no id is a 404
// that says so in the frame, in a sentence naming the site, as the embed of a survey that is gone does.
import { NextResponse, type NextRequest } from "next/server";
import { SITE_NAME } from "@/lib/seo";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";
import { surveyTranslator } from "@/lib/surveys/results-translator";

/**
 * A small page of its own (no script, no stylesheet to load): it stands in another site's frame. In
 * English, as the unprefixed embed addresses are (lib/i18n/routing.mjs).
 */
function noSurveyPage(dark: boolean): string {
  const t = surveyTranslator("en");
  const [text, background, border, link] = dark ? ["#f1f5f9", "#0f172a", "#334155", "#bfdbfe"] : ["#0f172a", "#ffffff", "#e2e8f0", "#1d4ed8"];
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${t("embed.notFound")} | ${SITE_NAME}</title>
<style>body{margin:0;font-family:ui-sans-serif,system-ui,sans-serif}main{margin:0;padding:16px;border:1px solid ${border};border-radius:12px;background:${background};color:${text}}h1{margin:0 0 12px;font-size:16px;line-height:1.4}a{color:${link};font-size:14px;font-weight:600}</style>
</head><body><main><h1>${t("embed.noSurvey")}</h1><a href="/surveys" target="_blank" rel="noopener">${t("embed.seeSurveys")}<span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)">${t("embed.newTab")}</span></a></main></body></html>
`;
}

export async function GET(request: NextRequest, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const theme = request.nextUrl.searchParams.get("theme");
  if (!surveyIdParamsSchema.safeParse({ id }).success || theme === null) {
    return new NextResponse(noSurveyPage(theme === "dark"), { status: 404, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
  return NextResponse.redirect(new URL(`/embed/survey/${id}`, request.nextUrl.origin), 308);
}
