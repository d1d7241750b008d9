// The integrity panel of a survey's results: who voted, how fast, from where they signed up, and
// what was voided. A server component shared by the surveyor's results page and the admin's survey
// view (the caller has checked the viewer may see the survey). Figures are text, not colour alone.
import { AlertTriangle } from "lucide-react";
import { Figure } from "@/components/dashboard/figure";
import { formatDateTime } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { burstRuleText, counted, rateText, usualRateText } from "@/lib/integrity/integrity-text";
import { percentOf } from "@/lib/surveys/results-text";
import {
  BURST_FACTOR,
  BURST_MIN_VOTES,
  BURSTS_SHOWN,
  integrityOf,
  SHARED_NETWORK_MIN_SIGNUPS,
  type AgeBucket,
  type Integrity,
} from "@/lib/integrity/integrity";

const AGE_LABELS: Record<AgeBucket, string> = {
  under1Day: "Under 1 day",
  days1To7: "1–7 days",
  days7To30: "7–30 days",
  older: "Older than 30 days",
};

const thClass = "px-3 py-2 text-left font-semibold";
const tdClass = "px-3 py-2 tabular-nums";

function Panel({ data, timeZone }: { data: Integrity; timeZone: string }) {
  const ageTotal = data.votes;
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <Figure dense label="Counted votes" value={data.votes.toLocaleString("en-US")} testId="integrity-votes" />
        <Figure
          dense
          label="From verified accounts"
          value={percentOf(data.verifiedVotes, data.votes)}
          note={`${data.verifiedVotes.toLocaleString("en-US")} of ${data.votes.toLocaleString("en-US")}`}
          testId="integrity-verified"
        />
        <Figure
          dense
          label="From shared sign-up networks"
          value={counted(data.sharedNetworkVotes, "vote")}
          note={
            data.sharedNetworks === 0
              ? "No network shared by many voters"
              : `${counted(data.sharedNetworks, "network")}; the largest: ${counted(data.largestSharedNetwork, "voter")}`
          }
          testId="integrity-shared"
        />
        <Figure dense label="Voided after review" value={counted(data.voided, "vote")} testId="integrity-voided" />
      </dl>
      <p className="text-sm text-slate-600">
        Many voters who created their accounts from the same place (one home, office, school or phone carrier) show up
        as a shared sign-up network. Families and colleagues do that too: it is a reason to look, not proof.
      </p>
      <details className="rounded-lg border border-slate-200 bg-white px-4 py-2 text-sm text-slate-700" data-testid="integrity-how">
        <summary className="cursor-pointer font-medium text-slate-900">How is this counted?</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          <li>Counted votes are every vote in the results; voided ones (after an admin&apos;s review) are counted apart and in none of the figures.</li>
          <li>A verified account is one whose email address was confirmed (by the link or code we mailed, or by Google).</li>
          <li>
            A sign-up network is the network an account was created from: the first three parts of an IPv4 address (a /24) or the
            first three groups of an IPv6 one (a /48). Only a keyed hash of it is kept, never the address, and hashes are only
            compared for equality. A network counts as shared when at least {SHARED_NETWORK_MIN_SIGNUPS} of this survey&apos;s
            voters created their accounts from it.
          </li>
          <li>An account&apos;s age is the time between its creation and its vote.</li>
          <li>
            The usual rate is the median number of votes per hour over the hours that had any. {burstRuleText(data.burstThreshold, BURST_FACTOR, BURST_MIN_VOTES)}
          </li>
        </ul>
      </details>

      <div className="grid gap-6 lg:grid-cols-2">
        <div className="overflow-x-auto">
          <table className="w-full min-w-64 border-collapse rounded-lg border border-slate-200 bg-white text-sm" data-testid="integrity-age">
            <caption className="mb-2 text-left font-semibold">Voters&apos; account age when they voted</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={thClass}>
                  Account age
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Votes
                </th>
                <th scope="col" className={`${thClass} text-right`}>
                  Share
                </th>
              </tr>
            </thead>
            <tbody>
              {(Object.keys(AGE_LABELS) as AgeBucket[]).map((bucket) => (
                <tr key={bucket} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 text-left font-normal">
                    {AGE_LABELS[bucket]}
                  </th>
                  <td className={`${tdClass} text-right`}>{data.accountAge[bucket].toLocaleString("en-US")}</td>
                  <td className={`${tdClass} text-right`}>{percentOf(data.accountAge[bucket], ageTotal)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <div className="space-y-2">
          <h3 className="font-semibold">Votes per hour</h3>
          <p className="text-sm text-slate-700" data-testid="integrity-rate">
            {usualRateText(data.medianPerHour, data.activeHours)}
            {data.peakHour && (
              <>
                {" "}
                Busiest hour: {counted(data.peakHour.votes, "vote")} at{" "}
                <time dateTime={data.peakHour.hour.toISOString()}>{formatDateTime(data.peakHour.hour, timeZone)}</time>.
              </>
            )}
          </p>
          <p className="text-sm text-slate-600">An hour with far more votes than usual is marked as a burst.</p>
          {data.bursts.length === 0 ? (
            <p className="text-sm font-medium text-slate-800" data-testid="integrity-no-burst">
              No burst.
            </p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full min-w-64 border-collapse rounded-lg border border-slate-200 bg-white text-sm" data-testid="integrity-bursts">
                <caption className="mb-2 text-left text-sm font-medium text-red-900">
                  <AlertTriangle aria-hidden="true" className="mr-1 inline h-4 w-4" />
                  {counted(data.burstHours, "burst hour")}
                  {data.burstHours > BURSTS_SHOWN ? ` (the ${BURSTS_SHOWN} largest shown)` : ""}
                </caption>
                <thead className="bg-slate-50">
                  <tr>
                    <th scope="col" className={thClass}>
                      Hour starting ({timeZone})
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      Votes
                    </th>
                    <th scope="col" className={`${thClass} text-right`}>
                      Times usual
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.bursts.map((b) => (
                    <tr key={b.hour.toISOString()} className="border-t border-slate-200">
                      <th scope="row" className="px-3 py-2 text-left font-normal">
                        <time dateTime={b.hour.toISOString()}>{formatDateTime(b.hour, timeZone)}</time>
                      </th>
                      <td className={`${tdClass} text-right font-semibold`}>{b.votes.toLocaleString("en-US")}</td>
                      <td className={`${tdClass} text-right`}>{data.medianPerHour > 0 ? `× ${rateText(b.votes / data.medianPerHour)}` : "—"}</td>
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
          Integrity
        </h2>
        <p className="text-sm text-slate-600">How far these votes can be trusted. Voided votes are in none of the figures but their own.</p>
      </div>
      {failed || !data ? (
        <p role="alert" className="text-slate-700">
          The integrity figures could not be loaded.
        </p>
      ) : data.votes === 0 && data.voided === 0 ? (
        <p className="text-slate-700" data-testid="integrity-empty">
          No votes yet: the figures appear with the first vote.
        </p>
      ) : (
        <Panel data={data} timeZone={getEnv().APP_TIME_ZONE} />
      )}
    </section>
  );
}
