import { VOTE_COLOURS } from "@/lib/vote-colours";

const percent = (count: number, total: number) => (total === 0 ? 0 : Math.round((count / total) * 100));

/**
 * The results chart of a survey, for its public page and its surveyor alike: a Yes bar and a No bar
 * (height 300) in the Open Graph image's two colours, each with its percentage, a legend, and the
 * figures as a table for screen readers (the drawing itself is hidden from them). Plain HTML and
 * CSS, rendered on the server where it can be: no chart library ships with a survey page.
 */
export function ResultsBars({ yesCount, noCount, caption }: { yesCount: number; noCount: number; caption: string }) {
  const total = yesCount + noCount;
  const bars = [
    { key: "yes" as const, label: "Yes", count: yesCount, share: percent(yesCount, total) },
    { key: "no" as const, label: "No", count: noCount, share: percent(noCount, total) },
  ];
  const highest = Math.max(yesCount, noCount, 1);
  return (
    <div className="w-full">
      <ul aria-hidden="true" className="mb-3 flex justify-end gap-4 text-sm text-slate-700" data-testid="results-legend">
        {bars.map((b) => (
          <li key={b.key} className="flex items-center gap-1.5">
            <span className="h-3 w-3 rounded-sm border" style={{ background: VOTE_COLOURS[b.key].fill, borderColor: VOTE_COLOURS[b.key].edge }} />
            {b.label}
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="flex h-[300px] flex-col" data-testid="results-chart">
        <div className="relative flex flex-1 items-end justify-around gap-6 border-b border-slate-300 px-4">
          {[25, 50, 75, 100].map((line) => (
            <span key={line} className="pointer-events-none absolute inset-x-0 border-t border-dashed border-slate-200" style={{ bottom: `${line}%` }} />
          ))}
          {bars.map((b) => (
            <div key={b.key} className="relative flex h-full w-full max-w-40 flex-col items-center justify-end" data-testid={`bar-${b.key}`}>
              <span className="mb-1 text-sm font-semibold tabular-nums" style={{ color: VOTE_COLOURS[b.key].text }}>
                {b.share}%
              </span>
              <div
                className="w-full rounded-t-md border-x-2 border-t-2"
                style={{
                  height: `${(b.count / highest) * 88}%`,
                  minHeight: b.count > 0 ? 4 : 0,
                  background: VOTE_COLOURS[b.key].fill,
                  borderColor: VOTE_COLOURS[b.key].edge,
                }}
                data-testid="result-bar"
                data-vote={b.key}
              />
            </div>
          ))}
        </div>
        <div className="flex justify-around gap-6 px-4 pt-2 text-sm">
          {bars.map((b) => (
            <span key={b.key} className="w-full max-w-40 text-center">
              <span className="font-semibold text-slate-900">{b.label}</span> <span className="tabular-nums text-slate-600">{b.count}</span>
            </span>
          ))}
        </div>
      </div>
      <table className="sr-only">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Answer</th>
            <th scope="col">Votes</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.key}>
              <th scope="row">{b.label}</th>
              <td>{b.count}</td>
              <td>{b.share}%</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
