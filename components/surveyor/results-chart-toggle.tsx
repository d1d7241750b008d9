"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { ResultsBars } from "@/components/survey/results-bars";
import { Button } from "@/components/ui/button";
import type { ResultStats } from "@/lib/surveys/stats";

/**
 * The Show Chart / Hide Chart button and the 'Survey Results Chart' (height 300) with its 95 %
 * intervals. The total is said once on the page, in the result in words above. `stats` come from the
 * server.
 */
export function ResultsChartToggle({ yesCount, noCount, stats }: { yesCount: number; noCount: number; stats: ResultStats }) {
  const t = useTranslations("surveyor.chart");
  const [shown, setShown] = useState(false);
  return (
    <div className="space-y-4">
      <Button variant="outline" onClick={() => setShown((s) => !s)} aria-expanded={shown} aria-controls="survey-results-chart">
        {shown ? t("hide") : t("show")}
      </Button>
      {shown && (
        <figure id="survey-results-chart" aria-labelledby="survey-results-chart-title" className="rounded-xl border border-slate-200 bg-white p-4 sm:p-5">
          <h2 id="survey-results-chart-title" className="mb-4 text-lg font-semibold">
            {t("title")}
          </h2>
          <ResultsBars yesCount={yesCount} noCount={noCount} stats={stats} caption={t("caption")} />
        </figure>
      )}
    </div>
  );
}
