"use client";

import { useState } from "react";
import { ResultsBars } from "@/components/surveyor/results-bars";
import { Button } from "@/components/ui/button";

/** The Show Chart / Hide Chart button and the 'Survey Results Chart' (height 300). */
export function ResultsChartToggle({ yesCount, noCount }: { yesCount: number; noCount: number }) {
  const [shown, setShown] = useState(false);
  return (
    <div className="space-y-4">
      <Button variant="outline" onClick={() => setShown((s) => !s)} aria-expanded={shown} aria-controls="survey-results-chart">
        {shown ? "Hide Chart" : "Show Chart"}
      </Button>
      {shown && <ResultsBars id="survey-results-chart" yesCount={yesCount} noCount={noCount} />}
    </div>
  );
}
