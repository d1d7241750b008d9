import { ArrowLeft } from "lucide-react";
import type { Metadata } from "next";
import { getFormatter, getLocale, getTranslations } from "next-intl/server";
import { ReviewRequestedBadge } from "@/components/admin/review-badge";
import { SurveyStatusControl } from "@/components/admin/survey-status-control";
import { PageHeading } from "@/components/dashboard/page-heading";
import { IntegrityPanel } from "@/components/integrity/integrity-panel";
import { IntlIsland } from "@/components/i18n/intl-island";
import { ResultsSummary } from "@/components/survey/results-summary";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { loadManagedSurvey } from "@/lib/surveys/managed-survey";
import { surveyHref } from "@/lib/public-urls";
import { siteToday } from "@/lib/site-dates";
import { resultStats } from "@/lib/surveys/stats";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { Link } from "@/lib/i18n/link";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "admin" });
  return { title: t("review.title") };
}

/**
 * The admin's view of one survey: its result and the integrity panel, from the Manage Surveys list; for
 * an unpublished one, the feedback it was unpublished with and its status, where a surveyor's request for
 * a review is answered (the request's mail links here).
 */
async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireCan(`/dashboard/admin/surveys/${id}`, "viewAdminDashboard");
  const [result, t, format, locale] = await Promise.all([loadManagedSurvey(id, user), getTranslations("admin"), getFormatter(), getLocale()]);
  const back = (
    <Link href="/dashboard/admin/surveys" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t("review.back")}
    </Link>
  );
  if ("error" in result) {
    return (
      <div className="space-y-4">
        {back}
        <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">
          {/* The service's own words in English; an admin sees every survey, so elsewhere it is one that does not exist. */}
          {t("review.loadError", { error: locale === DEFAULT_LOCALE ? result.error : t("review.noSuchSurvey") })}
        </p>
      </div>
    );
  }
  const { survey } = result;
  return (
    <div className="space-y-6">
      {back}
      <PageHeading title={survey.title} intro={t("review.byline", { email: survey.surveyorEmail, status: survey.status })} />
      {survey.status === "unpublish" && (
        <section aria-labelledby="review-status" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="review-status" className="text-lg font-semibold">
            {t("review.unpublished")}
          </h2>
          {survey.reviewRequestedAt && (
            <ReviewRequestedBadge at={new Date(survey.reviewRequestedAt)} timeZone={getEnv().APP_TIME_ZONE} today={siteToday()} />
          )}
          {survey.feedback && (
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-700">{t("review.feedback")}</p>
              <blockquote className="whitespace-pre-line break-words border-l-4 border-slate-300 pl-3">{survey.feedback}</blockquote>
            </div>
          )}
          <p className="text-sm text-slate-700">{t("review.answer")}</p>
          <IntlIsland namespaces={["admin"]}>
            <SurveyStatusControl key={survey.status} surveyId={survey.id} title={survey.title} status={survey.status} />
          </IntlIsland>
        </section>
      )}
      <section aria-labelledby="review-result" className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
        <h2 id="review-result" className="text-lg font-semibold">
          {t("review.result")}
        </h2>
        <p className="text-sm text-slate-700" data-testid="review-counts">
          {t("review.counts", { yes: format.number(survey.yesCount), no: format.number(survey.noCount) })}
        </p>
        <ResultsSummary stats={resultStats(survey.yesCount, survey.noCount)} />
        {survey.status === "publish" && (
          <p className="text-sm">
            <Link href={surveyHref(survey.id)} className="text-brand-700 underline">
              {t("review.openPublic")}
            </Link>
          </p>
        )}
      </section>
      <IntegrityPanel surveyId={survey.id} />
    </div>
  );
}

export default localised(Page);
