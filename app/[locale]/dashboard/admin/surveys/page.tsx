import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/dashboard/page-heading";
import { listHref } from "@/components/admin/format";
import { ReviewRequestedBadge } from "@/components/admin/review-badge";
import { SurveyStatusControl } from "@/components/admin/survey-status-control";
import { EmailAddress } from "@/components/dashboard/email-address";
import { DataTable, EmptyState, type Column } from "@/components/dashboard/data-table";
import { IntlIsland } from "@/components/i18n/intl-island";
import { Pagination } from "@/components/ui/pagination";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { formatShortDate, isClosed } from "@/lib/dates";
import { emailShown } from "@/lib/accounts/deleted-account";
import { surveyHref } from "@/lib/public-urls";
import { noVotesText, readingSentences, resultReading, type ResultsTranslator } from "@/lib/surveys/results-text";
import { hiddenFromPublic } from "@/lib/surveys/results-visibility";
import { listSurveysForModeration, type ModeratedSurvey } from "@/lib/moderation/moderation";
import { siteToday } from "@/lib/site-dates";
import { resultStats } from "@/lib/surveys/stats";
import { Link } from "@/lib/i18n/link";
import { cn } from "@/lib/utils";
import { DASHBOARD_PAGE_SIZE, pageCount, pageWindow, readPage } from "@/lib/validation/paging";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "admin" });
  return { title: t("surveys.title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

// The admin list previews 40 characters of a description.
const preview = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}...` : text);

const tabClass = "rounded-md px-3 py-1.5 text-sm font-medium";

/**
 * A row's result: the plain reading alone ("Most voters said No: 90% of 41 votes."), so rows stay
 * short; the margin and the verdict with its reason are on the survey's own admin page.
 */
function PlainReading({ yesCount, noCount, t }: { yesCount: number; noCount: number; t: ResultsTranslator }) {
  const reading = resultReading(resultStats(yesCount, noCount), t);
  return reading ? (
    <p className="text-slate-800" data-testid="results-reading">
      {readingSentences(reading)[0]}
    </p>
  ) : (
    <p className="text-slate-800" data-testid="results-empty">
      {noVotesText(t)}
    </p>
  );
}

async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requireCan("/dashboard/admin/surveys", "viewAdminDashboard");
  const params = await searchParams;
  // One filter at a time: the surveys waiting for a review (their surveyors asked), or the reported ones.
  const reviewRequestedOnly = params.review === "requested";
  const reportedOnly = !reviewRequestedOnly && params.reported === "1";
  const page = readPage(params.page);
  const { limit, offset } = pageWindow(page);

  const [result, t, results, locale] = await Promise.all([
    listSurveysForModeration({ reportedOnly, reviewRequestedOnly, page, limit }),
    getTranslations("admin"),
    getTranslations("survey.results"),
    getLocale(),
  ]);
  const today = siteToday();
  const { APP_TIME_ZONE } = getEnv();

  const columns: Column<ModeratedSurvey>[] = [
    {
      header: t("surveys.columns.title"),
      cell: (s) =>
        s.status === "publish" ? (
          <Link href={surveyHref(s.id)} className="font-medium text-brand-700 hover:underline">
            {s.title}
          </Link>
        ) : (
          <span className="font-medium">{s.title}</span>
        ),
      className: "min-w-36 max-w-xs",
    },
    { header: t("surveys.columns.description"), cell: (s) => <span className="text-slate-700">{preview(s.description)}</span>, className: "max-w-xs" },
    {
      // Admins see every result, also one its surveyor keeps from the public until the deadline; and
      // from there the review of the votes behind it (the survey's integrity panel).
      header: t("surveys.columns.results"),
      cell: (s) => (
        <div className="space-y-1 text-sm">
          <PlainReading yesCount={s.yesCount} noCount={s.noCount} t={results} />
          {hiddenFromPublic(s, isClosed(s.deadline, today)) && (
            <p className="text-slate-600" data-testid="results-hidden-until">
              {t.rich("surveys.hiddenUntil", {
                date: formatShortDate(s.deadline, today, locale),
                time: (chunks) => <time dateTime={s.deadline}>{chunks}</time>,
              })}
            </p>
          )}
          <Link
            href={`/dashboard/admin/surveys/${s.id}`}
            className="inline-block font-medium text-brand-700 underline"
            aria-label={t("surveys.reviewIntegrityLabel", { title: s.title })}
          >
            {t("surveys.reviewIntegrity")}
          </Link>
        </div>
      ),
      className: "min-w-36 max-w-xs",
    },
    {
      // A pending request for a review sits by the control that answers it (a publish, or an unpublish again).
      header: t("surveys.columns.status"),
      cell: (s) => (
        <div className="space-y-2">
          {s.reviewRequestedAt && <ReviewRequestedBadge at={s.reviewRequestedAt} timeZone={APP_TIME_ZONE} today={today} />}
          <SurveyStatusControl key={`${s.id}:${s.status}`} surveyId={s.id} title={s.title} status={s.status} />
        </div>
      ),
    },
    { header: t("surveys.columns.surveyor"), cell: (s) => <EmailAddress email={emailShown(s.surveyorEmail)} /> },
    {
      header: t("surveys.columns.reports"),
      cell: (s) => (
        <span className={cn("tabular-nums", s.reports > 0 && "font-semibold text-red-800")}>{s.reports}</span>
      ),
    },
  ];

  return (
    <IntlIsland namespaces={["admin"]}>
      <PageHeading title={t("surveys.title")} intro={t("surveys.intro")} />
      <nav aria-label={t("surveys.filterLabel")} className="mb-4 flex flex-wrap gap-2">
        <Link
          href="/dashboard/admin/surveys"
          aria-current={!reportedOnly && !reviewRequestedOnly ? "page" : undefined}
          className={cn(tabClass, !reportedOnly && !reviewRequestedOnly ? "bg-brand-700 text-white" : "border border-slate-300 hover:bg-slate-50")}
        >
          {t("surveys.all")}
        </Link>
        <Link
          href="/dashboard/admin/surveys?reported=1"
          aria-current={reportedOnly ? "page" : undefined}
          className={cn(tabClass, reportedOnly ? "bg-brand-700 text-white" : "border border-slate-300 hover:bg-slate-50")}
        >
          {t("surveys.reported")}
        </Link>
        <Link
          href="/dashboard/admin/surveys?review=requested"
          aria-current={reviewRequestedOnly ? "page" : undefined}
          className={cn(tabClass, reviewRequestedOnly ? "bg-brand-700 text-white" : "border border-slate-300 hover:bg-slate-50")}
        >
          {t("surveys.reviewRequested")}
        </Link>
      </nav>
      {result.rows.length === 0 ? (
        <EmptyState>
          {reviewRequestedOnly ? t("surveys.emptyReview") : reportedOnly ? t("surveys.emptyReported") : t("surveys.emptyAll")}
        </EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {t(reviewRequestedOnly ? "surveys.countReview" : reportedOnly ? "surveys.countReported" : "surveys.countAll", { count: result.total })}
          </p>
          <DataTable caption={t("surveys.caption")} columns={columns} rows={result.rows} rowKey={(s) => s.id} firstSerial={offset + 1} serialHeader={t("serialNo")} />
          <Pagination
            page={page}
            pages={pageCount(result.total, DASHBOARD_PAGE_SIZE)}
            href={(p) => listHref("/dashboard/admin/surveys", { reported: reportedOnly ? "1" : undefined, review: reviewRequestedOnly ? "requested" : undefined }, p)}
            className="mt-6"
          />
        </>
      )}
    </IntlIsland>
  );
}

export default localised(Page);
