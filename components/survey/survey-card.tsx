import { ArrowRight, Vote } from "lucide-react";
import Link from "next/link";
import { formatShortDate, isClosed } from "@/lib/dates";
import { surveyHref } from "@/lib/public-urls";
import { resultsHidden } from "@/lib/results-visibility";
import type { PublicSurvey } from "@/lib/services/surveys";
import { LinkPending } from "@/components/ui/link-pending";

export const CARD_DESCRIPTION_LENGTH = 80;

/** The first `length` characters, then an ellipsis, only when the text was cut. */
export function preview(text: string, length: number) {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

type CardSurvey = Pick<
  PublicSurvey,
  "id" | "title" | "category" | "description" | "deadline" | "yesCount" | "noCount" | "resultsVisibility" | "surveyorId"
>;

/**
 * A survey card that is one link as a whole: the title is the only link (its name is the title) and
 * its ::after covers the card, so the card is clickable without nesting interactive elements.
 * A server component: no JavaScript for the visitor. `today` is a day in APP_TIME_ZONE. A survey that
 * keeps its results until its deadline shows no vote count before then (the cards are public pages).
 */
export function SurveyCard({ survey, today, headingLevel = 3 }: { survey: CardSurvey; today: string; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const closed = isClosed(survey.deadline, today);
  const hidden = resultsHidden(survey, closed);
  return (
    <article className="group relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-500 hover:shadow-md focus-within:border-brand-600 focus-within:ring-2 focus-within:ring-brand-600">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">{survey.category}</span>
        {closed ? (
          <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700" data-testid="card-deadline">
            Closed
          </span>
        ) : (
          <span className="flex items-center gap-1.5 text-xs font-medium text-green-800" data-testid="card-deadline">
            <span className="h-2 w-2 rounded-full bg-green-600" aria-hidden="true" />
            Closes <time dateTime={survey.deadline}>{formatShortDate(survey.deadline, today)}</time>
          </span>
        )}
      </div>
      <Heading className="mt-3 text-lg font-semibold leading-snug text-slate-900">
        <Link
          href={surveyHref(survey.id)}
          className="outline-none after:absolute after:inset-0 after:rounded-xl after:content-[''] group-hover:text-brand-800"
        >
          {survey.title}
          <LinkPending />
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-sm text-slate-600">{preview(survey.description, CARD_DESCRIPTION_LENGTH)}</p>
      <div className="mt-4 flex items-center justify-between border-t border-slate-100 pt-3 text-sm">
        {hidden ? (
          <span className="flex items-center gap-1.5 text-slate-700" data-testid="card-results-hidden">
            <Vote className="h-4 w-4" aria-hidden="true" /> Results after the deadline
          </span>
        ) : (
          <span className="flex items-center gap-1.5 text-slate-700" data-testid="card-votes">
            <Vote className="h-4 w-4" aria-hidden="true" /> Votes: {survey.yesCount + survey.noCount}
          </span>
        )}
        <span className="flex items-center gap-1 font-medium text-brand-700" aria-hidden="true">
          {closed ? "See results" : "Vote"} <ArrowRight className="h-4 w-4 transition group-hover:translate-x-0.5" />
        </span>
      </div>
    </article>
  );
}
