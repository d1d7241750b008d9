import "server-only";
import { expireSurveyPages, markSurveyPagesStale } from "@/lib/surveys/cache-tags";
import { liveChanged, liveVoted } from "@/lib/live/notify";

// What happened, said once by the operation that did it (a service, after its transaction committed),
// and every consequence of it in one table: the cached public pages, the live results. A route never
// calls a consequence itself, so a new route reaching an operation cannot forget one; a new
// consequence is one more line here. Mail and webhook deliveries are not consequences: they are queued
// in the change's own transaction (lib/mail/outbox.ts, lib/integrations/webhooks/queue.ts).
//
// The consequences run in the request that made the change (Next's cache needs the request's
// store): an operation run outside a request (a job, a script) must not emit.

export type DomainEvent =
  | { type: "survey.created" | "survey.updated" | "survey.published" | "survey.unpublished"; surveyId: string }
  | { type: "vote.created"; surveyId: string }
  /** An admin voided (or counted again) a suspended account's votes: each survey's counts moved. */
  | { type: "votes.voided" | "votes.restored"; surveyIds: readonly string[] };

type Consequences = { [T in DomainEvent["type"]]: ((event: Extract<DomainEvent, { type: T }>) => void)[] };

/** Every page showing the survey expires at once; its live figures are read afresh, on every server. */
const surveyShownAnew = ({ surveyId }: { surveyId: string }) => {
  expireSurveyPages(surveyId);
  liveChanged(surveyId);
};

/** Counts moved without the survey changing: pages go stale (served while rebuilt); live viewers are told. */
const countsMoved = ({ surveyId }: { surveyId: string }) => {
  markSurveyPagesStale(surveyId);
  liveVoted(surveyId);
};

/** A void moves counts after review: the pages must not show the old figures even once more. */
const countsCorrected = ({ surveyIds }: { surveyIds: readonly string[] }) => {
  for (const surveyId of surveyIds) {
    surveyShownAnew({ surveyId });
    liveVoted(surveyId);
  }
};

const CONSEQUENCES: Consequences = {
  "survey.created": [surveyShownAnew],
  "survey.updated": [surveyShownAnew],
  "survey.published": [surveyShownAnew],
  "survey.unpublished": [surveyShownAnew],
  "vote.created": [countsMoved],
  "votes.voided": [countsCorrected],
  "votes.restored": [countsCorrected],
};

export function emit(event: DomainEvent): void {
  for (const consequence of CONSEQUENCES[event.type] as ((e: DomainEvent) => void)[]) consequence(event);
}
