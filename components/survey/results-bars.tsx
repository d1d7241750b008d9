// The public results chart: plain HTML and CSS, rendered on the server (and by the light client
// wrapper when the figures move), so no chart library ships with a survey page. Yes and No have the
// colours of the survey's Open Graph image, each bar carries its percentage, and a visually hidden
// table gives screen readers the figures (the drawing itself is hidden from them).
export const RESULT_COLOURS = { yes: "#86efac", no: "#fecaca" } as const;

const percent = (part: number, total: number) => (total ? Math.round((part / total) * 100) : 0);

export function ResultsBars({ yesCount, noCount }: { yesCount: number; noCount: number }) {
  const total = yesCount + noCount;
  const bars = [
    { key: "yes", label: "Yes", count: yesCount, colour: RESULT_COLOURS.yes },
    { key: "no", label: "No", count: noCount, colour: RESULT_COLOURS.no },
  ];
  const highest = Math.max(yesCount, noCount, 1);
  return (
    <div className="w-full max-w-[600px]">
      <div aria-hidden="true" className="flex h-[300px] items-end gap-8 border-b border-slate-300 px-6 pt-2" data-testid="results-chart">
        {bars.map((bar) => (
          <div key={bar.key} className="flex h-full flex-1 flex-col items-center justify-end gap-1">
            <span className="text-sm font-semibold text-slate-900">
              {percent(bar.count, total)}%
            </span>
            <div
              className="w-full rounded-t-md border border-b-0 border-slate-400"
              style={{ height: `${(bar.count / highest) * 85}%`, minHeight: 2, background: bar.colour }}
              data-testid="result-bar"
              data-vote={bar.key}
            />
          </div>
        ))}
      </div>
      <ul aria-hidden="true" className="mt-3 flex justify-center gap-6 text-sm text-slate-700" data-testid="results-legend">
        {bars.map((bar) => (
          <li key={bar.key} className="flex items-center gap-2">
            <span className="inline-block h-3 w-3 rounded-sm border border-slate-400" style={{ background: bar.colour }} />
            {bar.label}
          </li>
        ))}
      </ul>
      <table className="sr-only">
        <caption>Votes on this survey</caption>
        <thead>
          <tr>
            <th scope="col">Answer</th>
            <th scope="col">Votes</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.key}>
              <th scope="row">{bar.label}</th>
              <td>{bar.count}</td>
              <td>{percent(bar.count, total)}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
