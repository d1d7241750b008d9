// The integrity panel of a survey's results: who voted, how fast, from where they signed up, and
// what was voided. A server component shared by the surveyor's results page and the admin's survey
// view (the caller has checked the viewer may see the survey). Figures are text, not colour alone. In
// the page's language (`survey.integrity`): a server component, so none of its texts reach the browser.
import { AlertTriangle } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { Figure } from "@/components/dashboard/figure";
import { formatDateTime } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/types";
import { burstRuleText, rateOf, usualRateText, type IntegrityTranslator } from "@/lib/integrity/integrity-text";
import { countText, percentOf } from "@/lib/surveys/results-text";
import {
  BURST_FACTOR,
  BURST_MIN_VOTES,
  BURSTS_SHOWN,
  integrityOf,
  SHARED_NETWORK_MIN_SIGNUPS,
  type AgeBucket,
  type Integrity,
} from "@/lib/integrity/integrity";

const AGE_BUCKETS: AgeBucket[] = ["under1Day", "days1To7", "days7To30", "older"];

const thClass = "px-3 py-2 text-left font-semibold";
const tdClass = "px-3 py-2 tabular-nums";

function Panel({ data, timeZone, t, locale }: { data: Integrity; timeZone: string; t: IntegrityTranslator; locale: Locale }) {
  const ageTotal = data.votes;
  const votes = (count: number) => t("votes", { count: rateOf(count) });
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure dense label={t("counted")} value={countText(data.votes, locale)} testId="integrity-votes" />
        <Figure
          dense
          label={t("verified")}
          value={percentOf(data.verifiedVotes, data.votes, locale)}
          note={t("verifiedOf", { part: data.verifiedVotes, whole: data.votes })}
          testId="integrity-verified"
        />
        <Figure
          dense
          label={t("shared")}
          value={votes(data.sharedNetworkVotes)}
          note={data.sharedNetworks === 0 ? t("noSharedNetwork") : t("sharedNetworks", { networks: data.sharedNetworks, voters: data.largestSharedNetwork })}
          testId="integrity-shared"
        />
        <Figure dense label={t("voided")} value={votes(data.voided)} testId="integrity-voided" />
      </dl>
      <p className="text-sm text-slate-600">{t("sharedExplained")}</p>
      <details className="rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700" data-testid="integrity-how">
        <summary className="cursor-pointer font-medium text-slate-900">{t("how")}</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>{t("howCounted")}</li>
          <li>{t("howVerified")}</li>
          <li>{t("howNetwork", { min: SHARED_NETWORK_MIN_SIGNUPS })}</li>
          <li>{t("howAge")}</li>
          <li>
            {t("howRate")} {burstRuleText(data.burstThreshold, BURST_FACTOR, BURST_MIN_VOTES, t)}
          </li>
        </ul>
      </details>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="overflow-x-auto">
          <table className="w-full min-w-64 border-collapse rounded-lg border border-slate-200 bg-white text-sm" data-testid="integrity-age">
            <caption className="mb-2 text-left font-semibold">{t("ageCaption")}</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>
                  {t("accountAge")}
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  {t("votesColumn")}
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  {t("share")}
                </th>
              </tr>
            </thead>
            <tbody>
              {AGE_BUCKETS.map((bucket) => (
                <tr key={bucket} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {t(`ages.${bucket}`)}
                  </th>
                  <td className={`${tdClass} text-right`}>{countText(data.accountAge[bucket], locale)}</td>
                  <td className={`${tdClass} text-right`}>{percentOf(data.accountAge[bucket], ageTotal, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="space-y-2">
          <h3 className="font-semibold">{t("perHour")}</h3>
          <p className="text-sm text-slate-700" data-testid="integrity-rate">
            {usualRateText(data.medianPerHour, data.activeHours, t)}
            {data.peakHour && (
              <>
                {" "}
                {t.rich("busiest", {
                  votes: data.peakHour.votes,
                  when: formatDateTime(data.peakHour.hour, timeZone, locale),
                  time: (chunks) => <time dateTime={data.peakHour!.hour.toISOString()}>{chunks}</time>,
                })}
              </>
            )}
          </p>
          <p className="text-sm text-slate-600">{t("burstExplained")}</p>
          {data.bursts.length === 0 ? (
            <p className="text-sm font-medium text-slate-800" data-testid="integrity-no-burst">
              {t("noBurst")}
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-64 border-collapse rounded-lg border border-slate-200 bg-white text-sm" data-testid="integrity-bursts">
                <caption className="mb-2 text-left text-sm font-medium text-red-900">
                  <AlertTriangle aria-hidden="true" className="mr-1 inline h-4 w-4" />
                  {t("burstHours", { count: data.burstHours })}
                  {data.burstHours > BURSTS_SHOWN ? t("largestShown", { shown: BURSTS_SHOWN }) : ""}
                </caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={thClass}>
                      {t("hourStarting", { timeZone })}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("votesColumn")}
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      {t("timesUsual")}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.bursts.map((b) => (
                    <tr key={b.hour.toISOString()} className="border-t border-slate-200">
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        <time dateTime={b.hour.toISOString()}>{formatDateTime(b.hour, timeZone, locale)}</time>
                      </th>
                      <td className={`${tdClass} text-right font-semibold`}>{countText(b.votes, locale)}</td>
                      <td className={`${tdClass} text-right`}>{data.medianPerHour > 0 ? t("times", { ratio: rateOf(b.votes / data.medianPerHour) }) : "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      </div>
    </>
  );
}

/** The panel for one survey: its figures, an empty state without votes, a message when it cannot load. */
export async function IntegrityPanel({ surveyId }: { surveyId: string }) {
  const [t, locale] = await Promise.all([getTranslations("survey.integrity"), getLocale()]);
  let data: Integrity | null = null;
  let failed = false;
  try {
    data = await integrityOf(surveyId);
  } catch (error) {
    console.error("Loading the integrity panel failed", error);
    failed = true;
  }
  return (
    <section aria-labelledby="integrity-title" className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5" data-testid="integrity-panel">
      <div>
        <h2 id="integrity-title" className="text-lg font-semibold">
          {t("title")}
        </h2>
        <p className="text-sm text-slate-600">{t("intro")}</p>
      </div>
      {failed || !data ? (
        <p role="alert" className="text-slate-700">
          {t("failed")}
        </p>
      ) : data.votes === 0 && data.voided === 0 ? (
        <p className="text-slate-700" data-testid="integrity-empty">
          {t("empty")}
        </p>
      ) : (
        <Panel data={data} timeZone={getEnv().APP_TIME_ZONE} t={t} locale={locale} />
      )}
    </section>
  );
}
