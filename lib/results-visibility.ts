// Who sees a survey's counts. A surveyor may choose "after_deadline": while the survey is open nobody
// sees its counts (no yes/no figures, no totals, no stats), voters included, so early votes cannot
// herd later ones; its own surveyor and admins always see them. "after_voting" is the original
// behaviour. Every place that shows counts asks `resultsHidden`: the JSON routes, the survey page,
// the cards, the Open Graph image. Pure: pages and routes alike use it.
import { can } from "@/lib/auth/permissions";
import type { ResultsVisibility, Role } from "@/models/enums";
import { resultStats, type ResultStats } from "@/lib/stats";

export type ResultsViewer = { id: string; role: Role } | null | undefined;

/** The survey's own surveyor or an admin: they see the counts whatever the survey's choice. */
export function seesAllResults(viewer: ResultsViewer, surveyorId: string): boolean {
  return !!viewer && (viewer.id === surveyorId || can(viewer.role, "moderateSurveys"));
}

/**
 * Whether `viewer` (null: the public) is refused a survey's counts now. `closed`: voting has ended
 * (the deadline day is over in APP_TIME_ZONE). A survey cached before its visibility existed has none:
 * it is "after_voting".
 */
export function resultsHidden(
  survey: { resultsVisibility?: ResultsVisibility; surveyorId: string },
  closed: boolean,
  viewer: ResultsViewer = null,
): boolean {
  return survey.resultsVisibility === "after_deadline" && !closed && !seesAllResults(viewer, survey.surveyorId);
}

/** The counts a viewer may see: the figures with their stats, or every one of them null when hidden. */
export type VisibleCounts =
  | { yesCount: number; noCount: number; stats: ResultStats; resultsHidden: false }
  | { yesCount: null; noCount: null; stats: null; resultsHidden: true };

export function visibleCounts(counts: { yesCount: number; noCount: number }, hidden: boolean): VisibleCounts {
  return hidden
    ? { yesCount: null, noCount: null, stats: null, resultsHidden: true }
    : { yesCount: counts.yesCount, noCount: counts.noCount, stats: resultStats(counts.yesCount, counts.noCount), resultsHidden: false };
}
