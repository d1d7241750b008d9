// Who sees a survey's counts. A surveyor may choose "after_deadline": while the survey is open nobody
// sees its counts (no yes/no figures, no totals, no stats, no number of voided votes), voters
// included, so early votes cannot herd later ones; its own surveyor and admins always see them.
// "after_voting" is the original behaviour. Every place that shows counts asks `resultsHidden`: the
// JSON routes, the survey page, the cards, the Open Graph image, the embed. What a page or an embed
// then draws of them is `countsShown` (the one rule: the yes/no split once voting has ended or the
// viewer voted, before that at most the total), so a cached public surface shows exactly what the
// survey page shows a signed-out visitor. Pure: pages, routes and the browser alike use it.
import { can } from "@/lib/auth/permissions";
import type { ResultsVisibility, Role } from "@/models/enums";
import { resultStats, type ResultStats } from "@/lib/surveys/stats";

export type ResultsViewer = { id: string; role: Role } | null | undefined;

/** The survey's own surveyor or an admin: they see the counts whatever the survey's choice. */
export function seesAllResults(viewer: ResultsViewer, surveyorId: string): boolean {
  return !!viewer && (viewer.id === surveyorId || can(viewer.role, "moderateSurveys"));
}

/**
 * Whether the public is refused a survey's counts now. `closed`: voting has ended (`isClosed`,
 * lib/dates.ts). A survey cached before its visibility existed has none: it is "after_voting".
 */
export function hiddenFromPublic(survey: { resultsVisibility?: ResultsVisibility }, closed: boolean): boolean {
  return survey.resultsVisibility === "after_deadline" && !closed;
}

/** Whether `viewer` (null: the public) is refused a survey's counts now (`hiddenFromPublic`, unless they see all). */
export function resultsHidden(
  survey: { resultsVisibility?: ResultsVisibility; surveyorId: string },
  closed: boolean,
  viewer: ResultsViewer = null,
): boolean {
  return hiddenFromPublic(survey, closed) && !seesAllResults(viewer, survey.surveyorId);
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

/**
 * What a page or an embed draws of a survey's counts for a viewer: "split" (the yes and no figures with
 * their stats) once voting has ended or once this viewer voted; "total" (how many voted, not how) before
 * that; "none" while the counts are hidden from them (`resultsHidden`: not even the total or the number
 * of voided votes). The one rule, asked with what each surface knows: the survey page and the embed,
 * cached for everyone, ask it for a signed-out visitor (nobody there has voted), the signed-in part of
 * the page with the viewer's own vote. The JSON of the REST contract is not a drawing: it keeps the
 * counts `resultsHidden` allows (public data, docs/api.md).
 */
export type CountsShown = "split" | "total" | "none";

export function countsShown(figures: { resultsHidden: boolean; deadlinePassed: boolean }, voted = false): CountsShown {
  if (figures.resultsHidden) return "none";
  return figures.deadlinePassed || voted ? "split" : "total";
}

/** `countsShown` for the public (a signed-out visitor, a cached page or embed) of a survey, `closed` or not. */
export function publicCountsShown(survey: { resultsVisibility?: ResultsVisibility; surveyorId: string }, closed: boolean): CountsShown {
  return countsShown({ resultsHidden: resultsHidden(survey, closed, null), deadlinePassed: closed });
}

/** The number of votes voided after review, with the counts: null while they are hidden from the viewer. */
export function visibleVoided(voidedCount: number | null | undefined, hidden: boolean): number | null {
  return hidden ? null : (voidedCount ?? 0);
}
