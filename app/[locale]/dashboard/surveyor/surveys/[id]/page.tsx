import { Download, Pencil } from "lucide-react";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { Figure } from "@/components/dashboard/figure";
import { IntlIsland } from "@/components/i18n/intl-island";
import { IntegrityPanel } from "@/components/integrity/integrity-panel";
import { IntervalExplained } from "@/components/survey/results-summary";
import { LiveCount, LiveFiguresProvider, LiveResultsChart, LiveResultsSummary } from "@/components/surveyor/live-figures";
import { ResultsVisibilityNote } from "@/components/surveyor/results-visibility-note";
import { UnpublishedReviewPanel } from "@/components/surveyor/review-panel";
import { loadManagedSurvey } from "@/lib/surveys/managed-survey";
import { StatusBadge } from "@/components/surveyor/status-badge";
import { loadErrorText } from "@/components/surveyor/survey-errors";
import { SurveyShare } from "@/components/survey/survey-share";
import { VotersTable } from "@/components/surveyor/voters-table";
import { VotesOverTime } from "@/components/surveyor/votes-over-time";
import { buttonVariants } from "@/components/ui/button";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { Link } from "@/lib/i18n/link";
import { votesPerDay, type VotesOnDay } from "@/lib/surveys/voters";
import { dayIn, formatDate, isClosed } from "@/lib/dates";
import { resultsHidden } from "@/lib/surveys/results-visibility";
import { siteToday } from "@/lib/site-dates";
import { resultStats } from "@/lib/surveys/stats";
import { readPage } from "@/lib/validation/paging";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "surveyor" });
  return { title: t("results.title") };
}

async function Page({
  params,
  searchParams,
}: {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { id } = await params;
  const user = await requireCan(`/dashboard/surveyor/surveys/${id}`, "viewSurveyorDashboard");
  const page = readPage((await searchParams).page);
  const result = await loadManagedSurvey(id, user);
  const [t, locale] = await Promise.all([getTranslations("surveyor"), getLocale()]);
  if ("error" in result) {
    return (
      <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">
        {t("results.loadError", { error: loadErrorText(result.error, t) })}
      </p>
    );
  }
  const { survey } = result;
  let days: VotesOnDay[] | null = null;
  try {
    days = await votesPerDay(survey);
  } catch (error) {
    console.error("Loading votes per day failed", error);
  }
  const total = survey.yesCount + survey.noCount;
  // Dates are shown as days of the site's time zone, the zone the deadline is kept in.
  const { APP_TIME_ZONE } = getEnv();
  const created = dayIn(APP_TIME_ZONE, new Date(survey.createdAt));
  const closed = isClosed(survey.deadline, siteToday());

  // One island for the page's client parts (live figures, charts, the review button, sharing).
  return (
    <IntlIsland namespaces={["surveyor", "survey"]}>
      <article className="space-y-8">
        <header className="space-y-2">
          <div className="flex flex-wrap items-start justify-between gap-4">
            <h1 className="text-2xl font-bold">{survey.title}</h1>
            <div className="flex flex-wrap gap-2">
              <Link href={`/dashboard/surveyor/update/${survey.id}`} className={buttonVariants({ variant: "outline" })}>
                <Pencil aria-hidden="true" className="h-4 w-4" /> {t("results.update")}
              </Link>
              <a href={`/api/survey/${survey.id}/export`} download className={buttonVariants({ variant: "default" })}>
                <Download aria-hidden="true" className="h-4 w-4" /> {t("results.export")}
              </a>
            </div>
          </div>
          <p className="whitespace-pre-line text-slate-700">{survey.description}</p>
        </header>

        {/* An admin unpublished it: their feedback, and the way back (update it, then ask for a review). */}
        {survey.status === "unpublish" && (
          <UnpublishedReviewPanel
            surveyId={survey.id}
            feedback={survey.feedback}
            requestedAt={survey.reviewRequestedAt}
            timeZone={APP_TIME_ZONE}
            canAsk={survey.surveyorId === user.id}
          />
        )}

        <section aria-labelledby="question-title" className="rounded-xl bg-slate-50 p-4">
          <h2 id="question-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
            {t("results.question")}
          </h2>
          <p className="mt-2">
            <span className="font-semibold">{t("results.questionTitle")}</span> {survey.questionTitle}
          </p>
          <p className="mt-1 whitespace-pre-line">
            <span className="font-semibold">{t("results.questionDescription")}</span> {survey.questionDescription}
          </p>
        </section>

        {/* The counts, the result and the chart follow the votes while the page is open: a published
            survey whose counts the public sees too (the stream carries public figures only). */}
        <LiveFiguresProvider
          surveyId={survey.id}
          initial={{ yesCount: survey.yesCount, noCount: survey.noCount, stats: resultStats(survey.yesCount, survey.noCount), resultsHidden: false, deadlinePassed: closed }}
          live={survey.status === "publish" && !closed && !resultsHidden(survey, closed, null)}
        >
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            <Figure label={t("results.yes")} value={<LiveCount of="yes" />} testId="yes-count" />
            <Figure label={t("results.no")} value={<LiveCount of="no" />} testId="no-count" />
            <Figure label={t("results.total")} value={<LiveCount of="total" />} testId="total-votes" />
            <Figure label={t("results.status")} value={<StatusBadge status={survey.status} />} />
            <Figure label={t("results.category")} value={t(`categories.${survey.category}`)} />
            <Figure label={t("results.deadline")} value={<time dateTime={survey.deadline}>{formatDate(survey.deadline, locale)}</time>} />
            <Figure label={t("results.createdAt")} value={<time dateTime={created}>{formatDate(created, locale)}</time>} />
          </dl>

          <section aria-labelledby="result-title" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 sm:p-5" data-testid="surveyor-result">
            <h2 id="result-title" className="text-lg font-semibold">
              {t("results.result")}
            </h2>
            <LiveResultsSummary className="text-lg" />
            {/* What the range means, once there is one: with no votes the result is "No votes yet." alone. */}
            {total > 0 && <IntervalExplained />}
            <ResultsVisibilityNote visibility={survey.resultsVisibility} deadline={survey.deadline} closed={closed} />
          </section>

          <LiveResultsChart />
        </LiveFiguresProvider>

        {days ? <VotesOverTime days={days} totals={{ yes: survey.yesCount, no: survey.noCount }} /> : <p className="text-slate-600">{t("results.overTimeError")}</p>}

        <IntegrityPanel surveyId={survey.id} />

        {/* Only a published survey has a public address to share. */}
        {survey.status === "publish" && <SurveyShare id={survey.id} title={survey.title} />}

        <section aria-labelledby="voters-title" id="voters" className="space-y-3">
          <h2 id="voters-title" className="text-xl font-semibold">
            {t("results.voters")}
          </h2>
          <VotersTable surveyId={survey.id} total={total} page={page} />
        </section>
      </article>
    </IntlIsland>
  );
}

export default localised(Page);
