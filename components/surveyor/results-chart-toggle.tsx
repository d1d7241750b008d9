"use client";

import dynamic from "next/dynamic";
import { useState } from "react";
import { Button } from "@/components/ui/button";

// recharts loads only when the chart is first shown.
const ResultsChart = dynamic(() => import("@/components/survey/results-chart"), {
  ssr: false,
  loading: () => <div className="h-full w-full animate-pulse rounded-lg bg-slate-100" />,
});

/** The Show Chart / Hide Chart button and the 'Survey Results Chart' (height 300). */
export function ResultsChartToggle({ yesCount, noCount }: { yesCount: number; noCount: number }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="space-y-4">
      <Button variant="outline" onClick={() => setShown((s) => !s)} aria-expanded={shown} aria-controls="survey-results-chart">
        {shown ? "Hide Chart" : "Show Chart"}
      </Button>
      {shown && (
        <figure id="survey-results-chart" aria-labelledby="survey-results-chart-title" className="rounded-xl border border-slate-200 p-4">
          <h2 id="survey-results-chart-title" className="mb-3 text-lg font-semibold">
            Survey Results Chart
          </h2>
          <div role="img" aria-label={`Bar chart of the votes: Yes ${yesCount}, No ${noCount}`} className="h-[300px] w-full" data-testid="results-chart">
            <ResultsChart yesCount={yesCount} noCount={noCount} />
          </div>
        </figure>
      )}
    </div>
  );
}
