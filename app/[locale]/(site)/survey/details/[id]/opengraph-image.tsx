import { ImageResponse } from "next/og";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales.mjs";
import { cachedSurvey } from "@/lib/surveys/cache";
import { isClosed } from "@/lib/dates";
import { hiddenResultsText, noVotesText, readingSentences, resultReading } from "@/lib/surveys/results-text";
import { resultsTranslator, surveyTranslator } from "@/lib/surveys/results-translator";
import { publicCountsShown } from "@/lib/surveys/results-visibility";
import { siteToday } from "@/lib/site-dates";
import { resultStats } from "@/lib/surveys/stats";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";
import { VOTE_COLOURS } from "@/lib/votes/vote-colours";
import type { Category } from "@/models/enums";

// Each survey's sharing picture: its title, yes/no counts and the result in words, the plain reading
// and the verdict with its reason as the survey page says them (no room for the margin: the yes
// share's 95% interval is drawn on the bar instead); cached and refreshed with the survey's tag like
// the page itself. While the survey is open it shows only how many voted, as the page does to a
// signed-out visitor; a survey that keeps its results until its deadline shows when they will be
// shown. A picture made before the deadline keeps saying so until its next refresh (at most the hour
// below after the deadline, as nothing announces a deadline). In the page's language: each language's
// page has its own picture (`/es/survey/details/{id}/opengraph-image`). Its description (`alt`) is
// fixed for every language: Next reads it from this file, not per request.
export const revalidate = 3600;
export async function generateStaticParams() {
  return [];
}
export const alt = "The survey's title with, once voting has closed, its yes and no votes, the yes share's 95% interval and the result in words; before then how many voted";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

export default async function Image({ params }: { params: Promise<{ locale?: string; id: string }> }) {
  const { id, locale: asked } = await params;
  const locale = isLocale(asked) ? asked : DEFAULT_LOCALE;
  // Unknown or malformed ids: 404 at once, nothing rendered (a PNG per made-up id cost 64 KB and a
  // render each). Known ones are rendered once and served from Next's cache, refreshed by the
  // survey's tag (surveyChanged) that cachedSurvey carries.
  const survey = surveyIdParamsSchema.safeParse({ id }).success ? await cachedSurvey(id) : null;
  if (!survey) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  const title = survey.title;
  const t = surveyTranslator(locale);
  const results = resultsTranslator(locale);
  // What the survey page shows a signed-out visitor (`countsShown`): the split once voting has ended,
  // before that how many voted, nothing while the results wait for the deadline.
  const shown = publicCountsShown(survey, isClosed(survey.deadline, siteToday()));
  const yes = survey.yesCount;
  const no = survey.noCount;
  const stats = resultStats(yes, no);
  const yesShare = stats.yesShare === null ? 50 : stats.yesShare * 100;
  // Room for two of the three sentences: the plain reading, then the verdict with its reason.
  const reading = resultReading(stats, results);
  const [plain, , verdict] = reading ? readingSentences(reading) : [noVotesText(results)];
  return new ImageResponse(
    (
      <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 64, background: "linear-gradient(135deg, #1e40af, #2563eb)", color: "white", fontFamily: "sans-serif" }}>
        <div style={{ display: "flex", justifyContent: "space-between", fontSize: 32, fontWeight: 700, letterSpacing: 4 }}>
          <span>OPINEX</span>
          {survey && <span style={{ fontSize: 28, fontWeight: 400, letterSpacing: 0 }}>{t(`categories.${survey.category as Category}`)}</span>}
        </div>
        <div style={{ display: "flex", fontSize: title.length > 70 ? 52 : 64, fontWeight: 700, lineHeight: 1.15 }}>{title}</div>
        {shown === "none" ? (
          <div style={{ display: "flex", fontSize: 36 }}>{hiddenResultsText(survey.deadline, results, locale)}</div>
        ) : shown === "total" ? (
          <div style={{ display: "flex", fontSize: 36 }}>{t("image.votesSoFar", { count: stats.n })}</div>
        ) : (
          <div style={{ display: "flex", flexDirection: "column", gap: 16 }}>
            <div style={{ display: "flex", justifyContent: "space-between", fontSize: 36 }}>
              <span>{t("image.yes", { count: yes })}</span>
              <span>{t("image.no", { count: no })}</span>
            </div>
            {/* The bar, and the yes share's 95% interval as whiskers drawn on it (dark on its light fills). */}
            <div style={{ display: "flex", position: "relative", height: 28 }}>
              <div style={{ display: "flex", position: "absolute", left: 0, right: 0, top: 0, height: 28, borderRadius: 14, overflow: "hidden", background: VOTE_COLOURS.no.fill }}>
                <div style={{ width: `${yesShare}%`, background: VOTE_COLOURS.yes.fill }} />
              </div>
              {stats.n > 0 && (
                <div
                  style={{
                    display: "flex",
                    position: "absolute",
                    top: 0,
                    height: 28,
                    left: `${stats.low * 100}%`,
                    width: `${(stats.high - stats.low) * 100}%`,
                    borderLeft: `4px solid ${VOTE_COLOURS.yes.text}`,
                    borderRight: `4px solid ${VOTE_COLOURS.yes.text}`,
                  }}
                >
                  <div style={{ display: "flex", position: "absolute", left: 0, right: 0, top: 12, height: 4, background: VOTE_COLOURS.yes.text }} />
                </div>
              )}
            </div>
            <div style={{ display: "flex", flexDirection: "column", gap: 4, fontSize: 28, lineHeight: 1.25 }}>
              <div style={{ display: "flex", fontWeight: 700 }}>{plain}</div>
              {verdict && <div style={{ display: "flex" }}>{verdict}</div>}
            </div>
          </div>
        )}
      </div>
    ),
    size,
  );
}
