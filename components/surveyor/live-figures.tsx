"use client";

import { createContext, useContext } from "react";
import { ResultsSummary } from "@/components/survey/results-summary";
import { useLiveFigures, type LiveFigures } from "@/components/survey/use-live-figures";
import { ResultsChartToggle } from "./results-chart-toggle";

// The surveyor's results page shows the figures rendered on the server; these keep the counts, the
// result in words and the chart moving while it is open (the same stream as the public page, so only
// for a published survey whose counts the public sees: the stream carries nothing else). The stats
// come from the server with every figure. The votes over time and the voters' table are read once
// per visit.
type ShownFigures = Extract<LiveFigures, { resultsHidden: false }>;
const LiveFiguresContext = createContext<ShownFigures | null>(null);

export function LiveFiguresProvider({ surveyId, initial, live, children }: { surveyId: string; initial: ShownFigures; live: boolean; children: React.ReactNode }) {
  const [figures] = useLiveFigures(surveyId, initial, live);
  // The surveyor always sees the counts: figures withheld from the public never replace them.
  const shown = figures.resultsHidden ? initial : figures;
  return <LiveFiguresContext.Provider value={shown}>{children}</LiveFiguresContext.Provider>;
}

function useFigures(): ShownFigures {
  const figures = useContext(LiveFiguresContext);
  if (!figures) throw new Error("LiveCount, LiveResultsSummary and LiveResultsChart belong inside LiveFiguresProvider");
  return figures;
}

/** Yes, No or their total, as the provider last heard them. */
export function LiveCount({ of }: { of: "yes" | "no" | "total" }) {
  const { yesCount, noCount } = useFigures();
  return <>{of === "yes" ? yesCount : of === "no" ? noCount : yesCount + noCount}</>;
}

export function LiveResultsSummary({ className }: { className?: string }) {
  return <ResultsSummary stats={useFigures().stats} className={className} />;
}

export function LiveResultsChart() {
  const { yesCount, noCount, stats } = useFigures();
  return <ResultsChartToggle yesCount={yesCount} noCount={noCount} stats={stats} />;
}
