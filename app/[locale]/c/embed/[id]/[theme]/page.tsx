import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { EmbedResults } from "@/components/embed/embed-results";
import { VoidedNote } from "@/components/survey/voided-note";
import { cachedSurvey } from "@/lib/surveys/cache";
import { isClosed } from "@/lib/dates";
import { surveyHref } from "@/lib/public-urls";
import { surveyChoiceHref } from "@/lib/votes/choice";
import { resultsHidden, visibleCounts, visibleVoided } from "@/lib/surveys/results-visibility";
import { siteUrl } from "@/lib/seo";
import { EMBED_THEMES, type EmbedTheme } from "@/lib/sharing/share";
import { siteToday } from "@/lib/site-dates";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";
import { localePath } from "@/lib/i18n/locales.mjs";
import { localeFromParams, localised } from "@/lib/i18n/server";

// /embed/survey/{id}[?theme=dark] (mapped here by the server, lib/public-rewrites.mjs): a survey in another site's
// <iframe>. The only pages other sites may frame (frame-ancestors *, next.config.ts). Cached like the
// survey page: generated on first request, expired by the survey's tag; the figures then refresh in
// the browser. Cached for everyone, it shows what the survey page shows a signed-out visitor
// (`countsShown`, lib/surveys/results-visibility.ts): the yes/no split once voting has ended, before that only
// how many voted, and nothing at all (not even the votes voided after review) while the survey keeps
// its results until its deadline. Around the card the page is transparent (app/globals.css). The card's
// blocks and their sizes are laid out again in lib/sharing/embed-size.ts, which sizes the snippet's
// frame: a change of layout here is a change there (e2e/polish.spec.ts measures both). In the language of
// its address (`/es/embed/survey/{id}`: English unprefixed), whose texts its layout's island carries; its
// links lead to the survey in that language.
export const revalidate = 60;
export async function generateStaticParams() {
  return [];
}

type Params = Promise<{ locale?: string; id: string; theme: string }>;
const loadSurvey = cache(async (id: string) => (surveyIdParamsSchema.safeParse({ id }).success ? cachedSurvey(id) : null));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "survey.embed" });
  const survey = await loadSurvey((await params).id);
  return { title: survey ? t("title", { title: survey.title }) : t("notFound"), robots: { index: false } };
}

async function EmbeddedSurvey({ params }: { params: Params }) {
  const { id, theme } = await params;
  const locale = await localeFromParams(params);
  const t = await getTranslations("survey");
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
      <p className={`text-xs font-semibold uppercase tracking-wide ${dark ? "text-brand-200" : "text-brand-800"}`}>{t("embed.eyebrow")}</p>
      {/* The survey's own texts, in its surveyor's words. */}
      <h1 className="text-lg font-bold leading-snug break-words" translate="no">
        {survey.questionTitle}
      </h1>
      <p className={`text-sm break-words ${dark ? "text-slate-300" : "text-slate-700"}`} translate="no">
        {survey.title}
      </p>
      <EmbedResults surveyId={survey.id} deadline={survey.deadline} dark={dark} initial={{ ...counts, deadlinePassed: closed }} />
      <VoidedNote count={visibleVoided(survey.voidedCount, hidden) ?? 0} className={`text-sm ${dark ? "text-slate-300" : "text-slate-700"}`} />
      {closed ? (
        <a href={`${siteUrl()}${localePath(locale, surveyHref(survey.id))}`} target="_blank" rel="noopener" className={`self-start ${button}`}>
          {t("embed.seeResults")}
          <span className="sr-only">{t("embed.newTab")}</span>
        </a>
      ) : (
        // Each answer opens the survey on OPINEX with it selected (lib/votes/choice.ts): after signing in
        // there, the person is one press of Submit from a counted vote.
        <div role="group" aria-labelledby="embed-vote" className="flex flex-wrap items-center gap-2">
          <span id="embed-vote" className="text-sm font-semibold">
            {t("embed.voteOn")}
          </span>
          {(["yes", "no"] as const).map((answer) => (
            <a key={answer} href={`${siteUrl()}${localePath(locale, surveyChoiceHref(survey.id, answer))}`} target="_blank" rel="noopener" className={`min-w-20 ${button}`}>
              {t(`answers.${answer}`)}
              <span className="sr-only">{t("embed.newTab")}</span>
            </a>
          ))}
        </div>
      )}
    </main>
  );
}

export default localised(EmbeddedSurvey);
