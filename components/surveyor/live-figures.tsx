"use client";

import { createContext, useContext } from "react";
import { useLiveFigures, type Figures } from "@/components/survey/use-live-figures";
import { ResultsChartToggle } from "./results-chart-toggle";

// The surveyor's results page shows the figures rendered on the server; these keep the counts and
// the chart moving while it is open (the same stream as the public page, only for a published
// survey: an unpublished one has no public figures). The votes over time and the voters' table are
// read once per visit.
const LiveFiguresContext = createContext<Figures | null>(null);

export function LiveFiguresProvider({ surveyId, initial, live, children }: { surveyId: string; initial: Figures; live: boolean; children: React.ReactNode }) {
  const [figures] = useLiveFigures(surveyId, initial, live);
  return <LiveFiguresContext.Provider value={figures}>{children}</LiveFiguresContext.Provider>;
}

function useFigures(): Figures {
  const figures = useContext(LiveFiguresContext);
  if (!figures) throw new Error("LiveCount and LiveResultsChart belong inside LiveFiguresProvider");
  return figures;
}

/** Yes, No or their total, as the provider last heard them. */
export function LiveCount({ of }: { of: "yes" | "no" | "total" }) {
  const { yesCount, noCount } = useFigures();
  return <>{of === "yes" ? yesCount : of === "no" ? noCount : yesCount + noCount}</>;
}

export function LiveResultsChart() {
  const { yesCount, noCount } = useFigures();
  return <ResultsChartToggle yesCount={yesCount} noCount={noCount} />;
}
