import { useLocale, useTranslations } from "next-intl";
import { countText, noVotesText, percent, rangeText } from "@/lib/surveys/results-text";
import type { ResultStats } from "@/lib/surveys/stats";
import { VOTE_COLOURS } from "@/lib/votes/vote-colours";

/** The marks of the scale of shares, each with its label; 50 % is the line a majority crosses. */
const TICKS = [0, 0.5, 1];

/**
 * The results chart of a survey, for its public page and its surveyor alike: a Yes bar and a No bar
 * (height 300) on one scale of shares marked 0 %, 50 % and 100 %, with a labelled line at 50 %, in the
 * Open Graph image's two colours, each with its percentage and a whisker spanning its 95 % interval
 * (the No interval mirrors the Yes one). A legend, and the figures as a table for screen readers (the
 * drawing itself is hidden from them). Without votes, a line saying so instead of empty bars. Plain
 * HTML and CSS, rendered on the server where it can be, from stats the server computed: no chart
 * library and no statistics code ship with a survey page. Its texts are `survey.results`' and
 * `survey.answers`', in the page's language.
 */
export function ResultsBars({ yesCount, noCount, stats, caption }: { yesCount: number; noCount: number; stats: ResultStats; caption: string }) {
  const t = useTranslations("survey");
  const results = useTranslations("survey.results");
  const locale = useLocale();
  const total = yesCount + noCount;
  if (total === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-slate-700" data-testid="results-chart-empty">
        {noVotesText(results)} {t("results.chartEmpty")}
      </p>
    );
  }
  const bars = [
    { key: "yes" as const, label: t("answers.yes"), count: yesCount, share: yesCount / total, low: stats.low, high: stats.high },
    { key: "no" as const, label: t("answers.no"), count: noCount, share: noCount / total, low: 1 - stats.high, high: 1 - stats.low },
  ];
  return (
    <div className="w-full">
      <ul aria-hidden="true" className="mb-3 flex flex-wrap justify-end gap-x-4 gap-y-1 text-sm text-slate-700" data-testid="results-legend">
        {bars.map((b) => (
          <li key={b.key} className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-sm border" style={{ background: VOTE_COLOURS[b.key].fill, borderColor: VOTE_COLOURS[b.key].edge }} />
            {b.label}
          </li>
        ))}
        <li className="flex items-center gap-1.5" data-testid="results-legend-interval">
          <svg width="10" height="14" viewBox="0 0 10 14" className="text-slate-800">
            <path d="M1 1h8M5 1v12M1 13h8" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
          {t("results.interval")}
        </li>
      </ul>
      <div aria-hidden="true" className="flex h-[300px] flex-col" data-testid="results-chart">
        {/* Room above the plot for a label over a bar or whisker that reaches 100 %. */}
        <div className="flex flex-1 pt-7">
          {/* The scale: a tick and its label at 0 %, 50 % and 100 %. */}
          <div className="relative w-11 shrink-0 border-r border-slate-400" data-testid="results-scale">
            {TICKS.map((tick) => (
              <span
                key={tick}
                className={`absolute right-0 flex translate-y-1/2 items-center gap-1 text-xs tabular-nums ${tick === 0.5 ? "font-semibold text-slate-800" : "text-slate-600"}`}
                style={{ bottom: `${tick * 100}%` }}
                data-testid="results-tick"
              >
                {percent(tick, locale)}
                <span className="h-px w-1.5 bg-slate-400" />
              </span>
            ))}
          </div>
          <div className="relative flex-1 border-b border-slate-400">
            <span className="pointer-events-none absolute inset-x-0 border-t border-dashed border-slate-200" style={{ bottom: "100%" }} />
            {/* The 50 % line, labelled at its end on the scale: a bar past it is a majority. */}
            <span
              className="pointer-events-none absolute inset-x-0 border-t-2 border-dashed border-slate-500"
              style={{ bottom: "50%" }}
              data-testid="results-midline"
            />
            <div className="absolute inset-x-4 inset-y-0 flex justify-around gap-6">
              {bars.map((b) => {
                const top = Math.max(b.share, b.high);
                return (
                  <div key={b.key} className="relative h-full w-full max-w-40" data-testid={`bar-${b.key}`}>
                    <div
                      className="absolute inset-x-0 bottom-0 rounded-t-md border-x-2 border-t-2"
                      style={{
                        height: `${b.share * 100}%`,
                        minHeight: b.count > 0 ? 4 : 0,
                        background: VOTE_COLOURS[b.key].fill,
                        borderColor: VOTE_COLOURS[b.key].edge,
                      }}
                      data-testid="result-bar"
                      data-vote={b.key}
                    />
                    <span
                      className="absolute left-1/2 w-4 -translate-x-1/2"
                      style={{ bottom: `${b.low * 100}%`, height: `${(b.high - b.low) * 100}%`, color: VOTE_COLOURS[b.key].text }}
                      data-testid="result-interval"
                      data-low={b.low.toFixed(4)}
                      data-high={b.high.toFixed(4)}
                    >
                      <span className="absolute inset-y-0 left-1/2 w-0.5 -translate-x-1/2 bg-current" />
                      <span className="absolute inset-x-0 -top-px h-0.5 bg-current" />
                      <span className="absolute inset-x-0 -bottom-px h-0.5 bg-current" />
                    </span>
                    <span
                      className="absolute inset-x-0 text-center text-sm font-semibold tabular-nums"
                      style={{ bottom: `calc(${top * 100}% + 4px)`, color: VOTE_COLOURS[b.key].text }}
                    >
                      {percent(b.share, locale)}
                    </span>
                  </div>
                );
              })}
            </div>
          </div>
        </div>
        <div className="flex pl-11 pt-2 text-sm">
          <div className="flex flex-1 justify-around gap-6 px-4">
            {bars.map((b) => (
              <span key={b.key} className="w-full max-w-40 text-center">
                <span className="font-semibold text-slate-900">{b.label}</span> <span className="tabular-nums text-slate-600">{countText(b.count, locale)}</span>
              </span>
            ))}
          </div>
        </div>
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t("results.answer")}</th>
            <th scope="col">{t("results.votesColumn")}</th>
            <th scope="col">{t("results.share")}</th>
            <th scope="col">{t("results.interval")}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.label}</th>
              <td>{countText(b.count, locale)}</td>
              <td>{percent(b.share, locale)}</td>
              <td>{rangeText(b.low, b.high, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
