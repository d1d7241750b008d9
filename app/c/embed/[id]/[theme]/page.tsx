import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { EmbedResults } from "@/components/embed/embed-results";
import { VoidedNote } from "@/components/survey/voided-note";
import { cachedSurvey } from "@/lib/surveys/cache";
import { isClosed } from "@/lib/dates";
import { surveyHref } from "@/lib/public-urls";
import { surveyChoiceHref } from "@/lib/votes/choice";
import { resultsHidden, visibleCounts, visibleVoided } from "@/lib/surveys/results-visibility";
import { siteUrl, SITE_NAME } from "@/lib/seo";
import { EMBED_THEMES, type EmbedTheme } from "@/lib/sharing/share";
import { siteToday } from "@/lib/site-dates";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";

// /embed/survey/{id}[?theme=dark] (mapped here by the server, lib/public-rewrites.mjs): a survey in another site's
// <iframe>. The only pages other sites may frame (frame-ancestors *, next.config.ts). Cached like the
// survey page: generated on first request, expired by the survey's tag; the figures then refresh in
// the browser. Cached for everyone, it shows what the survey page shows a signed-out visitor
// (`countsShown`, lib/surveys/results-visibility.ts): the yes/no split once voting has ended, before that only
// how many voted, and nothing at all (not even the votes voided after review) while the survey keeps
// its results until its deadline. Around the card the page is transparent (app/globals.css). The card's
// blocks and their sizes are laid out again in lib/sharing/embed-size.ts, which sizes the snippet's
// frame: a change of layout here is a change there (e2e/polish.spec.ts measures both).
export const revalidate = 60;
export async function generateStaticParams() {
  return [];
}

type Params = Promise<{ id: string; theme: string }>;
const loadSurvey = cache(async (id: string) => (surveyIdParamsSchema.safeParse({ id }).success ? cachedSurvey(id) : null));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const survey = await loadSurvey((await params).id);
  return { title: survey ? `${survey.title} (embedded)` : "Survey not found", robots: { index: false } };
}

export default async function EmbeddedSurvey({ params }: { params: Params }) {
  const { id, theme } = await params;
  if (!(EMBED_THEMES as readonly string[]).includes(theme)) notFound();
  const survey = await loadSurvey(id);
  if (!survey) notFound();
  const dark = (theme as EmbedTheme) === "dark";
  const closed = isClosed(survey.deadline, siteToday());
  const hidden = resultsHidden(survey, closed);
  const counts = visibleCounts(survey, hidden);
  const button = `inline-flex min-h-11 items-center justify-center rounded-md px-4 text-sm font-semibold ${dark ? "bg-brand-200 text-slate-900 hover:bg-brand-100" : "bg-brand-700 text-white hover:bg-brand-800"}`;
  return (
    <main
      data-embed
      className={`flex flex-col gap-3 rounded-xl border p-4 font-sans ${dark ? "border-slate-700 bg-slate-900 text-slate-100" : "border-slate-200 bg-white text-slate-900"}`}
    >
      <p className={`text-xs font-semibold uppercase tracking-wide ${dark ? "text-brand-200" : "text-brand-800"}`}>{SITE_NAME} survey</p>
      <h1 className="text-lg font-bold leading-snug break-words">{survey.questionTitle}</h1>
      <p className={`text-sm break-words ${dark ? "text-slate-300" : "text-slate-700"}`}>{survey.title}</p>
      <EmbedResults surveyId={survey.id} deadline={survey.deadline} dark={dark} initial={{ ...counts, deadlinePassed: closed }} />
      <VoidedNote count={visibleVoided(survey.voidedCount, hidden) ?? 0} className={`text-sm ${dark ? "text-slate-300" : "text-slate-700"}`} />
      {closed ? (
        <a href={`${siteUrl()}${surveyHref(survey.id)}`} target="_blank" rel="noopener" className={`self-start ${button}`}>
          See the results on OPINEX
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        // Each answer opens the survey on OPINEX with it selected (lib/votes/choice.ts): after signing in
        // there, the person is one press of Submit from a counted vote.
        <div role="group" aria-labelledby="embed-vote" className="flex flex-wrap items-center gap-2">
          <span id="embed-vote" className="text-sm font-semibold">
            Vote on OPINEX:
          </span>
          {(["yes", "no"] as const).map((answer) => (
            <a key={answer} href={`${siteUrl()}${surveyChoiceHref(survey.id, answer)}`} target="_blank" rel="noopener" className={`min-w-20 ${button}`}>
              {answer === "yes" ? "Yes" : "No"}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ))}
        </div>
      )}
    </main>
  );
}
