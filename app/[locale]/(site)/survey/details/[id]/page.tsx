import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { cache } from "react";
import { preview } from "@/components/survey/survey-card";
import { DeadlineNote } from "@/components/survey/deadline-note";
import { ResultsHiddenNote } from "@/components/survey/results-summary";
import { SurveyResults } from "@/components/survey/survey-results";
import { SurveyShare } from "@/components/survey/survey-share";
import { SignedOutVote } from "@/components/survey/signed-out-vote";
import { SurveyVoting } from "@/components/survey/survey-voting";
import { VoidedNote } from "@/components/survey/voided-note";
import { getEnv } from "@/lib/env";
import { cachedSurvey } from "@/lib/surveys/cache";
import { surveyHref } from "@/lib/public-urls";
import { oembedHref } from "@/lib/sharing/share";
import { pageMetadata } from "@/lib/seo";
import { formatDate, isClosed } from "@/lib/dates";
import { resultsHidden, visibleCounts, visibleVoided } from "@/lib/surveys/results-visibility";
import { siteToday } from "@/lib/site-dates";
import { surveyIdParamsSchema } from "@/lib/surveys/list-schema";
import { Link } from "@/lib/i18n/link";
import { localeFromParams, localised } from "@/lib/i18n/server";
import type { Category } from "@/models/enums";

// Rendered on its first request (never at build time) and then served from Next's cache: an edit or
// a status change expires it at once (`surveyChanged`), a vote marks it stale (`surveyVoted`: the
// cached copy is served while one fresh copy is built); the minute is a safety net. Who is viewing
// is known only in the browser (the vote form and the Report button load for signed-in people), so
// this one page serves every visitor, as the public: a survey that keeps its results until its
// deadline has no count in it (not in the HTML, the JSON-LD or the props) until the deadline has
// passed, and a page cached before then stays without them until its next refresh (a minute at most).
// The result's stats are computed here, on the server; the browser only displays them. Each language
// (`/es/survey/details/{id}`) is a cached page of its own; the survey's own texts are its surveyor's,
// in no particular language, and the page's words around them are the page's language's.
export const revalidate = 60; // PAGE_SAFETY_NET_SECONDS (a literal: Next reads it from the source)
export async function generateStaticParams() {
  return [];
}

type Params = Promise<{ locale?: string; id: string }>;

/** The areas of texts the vote part reads in the browser (its verify-your-address notice is `auth`'s). */
// What the vote panel's client components say (the rest of `survey`, the integrity panel's and the
// embed's texts among them, stays on the server), and of `auth` only what its verify-your-address notice
// says (components/auth/resend-verification.tsx).

// Malformed ids are a 404 without a database query.
const loadSurvey = cache(async (id: string) => (surveyIdParamsSchema.safeParse({ id }).success ? cachedSurvey(id) : null));

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "survey" });
  const survey = await loadSurvey((await params).id);
  if (!survey) return { title: t("page.notFound"), robots: { index: false } };
  const meta = pageMetadata({
    // The survey's title, said to be a survey in the other languages ("Encuesta: …").
    title: t("page.title", { title: survey.title }),
    description: preview(survey.description, 155),
    path: surveyHref(survey.id),
    locale,
  });
  return {
    ...meta,
    // oEmbed discovery: a platform given this page's link finds how to embed it (in this language).
    alternates: { ...meta.alternates, types: { "application/json+oembed": oembedHref(survey.id, locale) } },
    openGraph: { ...meta.openGraph, type: "article", publishedTime: survey.createdAt, section: t(`categories.${survey.category as Category}`) },
  };
}

async function SurveyDetailsPage({ params }: { params: Params }) {
  const survey = await loadSurvey((await params).id);
  if (!survey) notFound();
  const locale = await localeFromParams(params);
  const t = await getTranslations("survey");
  const categoryName = t(`categories.${survey.category as Category}`);
  const { APP_TIME_ZONE } = getEnv();
  const today = siteToday();
  const closed = isClosed(survey.deadline, today);
  const hidden = resultsHidden(survey, closed);
  const counts = visibleCounts(survey, hidden);
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Question",
    name: survey.title,
    text: `${survey.questionTitle}: ${survey.questionDescription}`,
    abstract: survey.description,
    about: categoryName,
    dateCreated: survey.createdAt,
    expires: survey.deadline,
    inLanguage: locale,
    author: { "@type": "Person", name: survey.surveyorName ?? t("page.someSurveyor") },
    answerCount: 2,
    suggestedAnswer: [
      { "@type": "Answer", text: t("answers.yes"), ...(counts.resultsHidden ? {} : { upvoteCount: counts.yesCount }) },
      { "@type": "Answer", text: t("answers.no"), ...(counts.resultsHidden ? {} : { upvoteCount: counts.noCount }) },
    ],
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <script
        type="application/ld+json"
        // "<" is escaped so a survey's text can never close the script element.
        dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }}
      />
      <Link href="/surveys" className="back-link text-sm font-medium text-brand-700 hover:underline">
        {t("page.allSurveys")}
      </Link>
      <article className="mt-4 rounded-xl border border-slate-200 p-6 shadow-sm">
        <p className="text-sm font-semibold text-brand-800">{t("page.eyebrow")}</p>
        {/* The survey's own texts, in its surveyor's words: not the page's to translate. */}
        <h1 className="mt-2 text-3xl font-bold" translate="no">
          {survey.title}
        </h1>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="inline font-semibold">{t("page.category")}</dt>
            {/* The category's name in the page's language; the value stays the survey's. */}
            <dd className="inline" data-testid="survey-category" data-category={survey.category}>
              {categoryName}
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">{t("page.deadline")}</dt>
            <dd className="inline">
              <time dateTime={survey.deadline} data-testid="survey-deadline">
                {formatDate(survey.deadline, locale)}
              </time>
            </dd>
          </div>
          {survey.surveyorName && (
            <div>
              <dt className="inline font-semibold">{t("page.createdBy")}</dt>
              <dd className="inline" translate="no">
                {survey.surveyorName}
              </dd>
            </div>
          )}
        </dl>
        <p className="mt-4 whitespace-pre-line text-slate-700" translate="no">
          {survey.description}
        </p>
        <DeadlineNote deadline={survey.deadline} today={today} timeZone={APP_TIME_ZONE} className="mt-4 text-sm text-slate-600" />
        {hidden && <ResultsHiddenNote deadline={survey.deadline} className="mt-4 text-sm" testId="survey-results-hidden" />}
        <VoidedNote count={visibleVoided(survey.voidedCount, hidden) ?? 0} className="mt-4 text-sm text-slate-700" />
      </article>
      <section aria-label={t("page.voteAndResults")} className="mt-8">
        <section aria-label={t("page.yourVote")} className="mt-6 rounded-xl border border-slate-200 p-5 shadow-sm sm:p-6" data-survey-id={survey.id}>
          {/* Voting runs through the deadline day in APP_TIME_ZONE; a signed-in viewer's first read corrects
              a page cached just before the deadline passed. */}
          {/* The signed-out prompt is rendered here; the signed-in part fetches its own texts with its code. */}
          <SurveyVoting surveyId={survey.id} deadline={survey.deadline} closed={closed} timeZone={APP_TIME_ZONE} loadingLabel={t("vote.loading")}>
            {/* "Voting closed on …" is the deadline note's, above: said once. */}
            {closed ? (
              <SurveyResults figures={counts} myVote={null} />
            ) : (
              <SignedOutVote surveyId={survey.id} questionTitle={survey.questionTitle} questionDescription={survey.questionDescription} />
            )}
          </SurveyVoting>
        </section>
      </section>
      <div className="mt-8">
        <SurveyShare id={survey.id} title={survey.title} />
      </div>
    </div>
  );
}

export default localised(SurveyDetailsPage);
