import { Vote } from "lucide-react";
import Link from "next/link";
import type { PublicSurvey } from "@/lib/services/surveys";

export const CARD_DESCRIPTION_LENGTH = 80;

/** The first `length` characters, then an ellipsis, only when the text was cut. */
export function preview(text: string, length: number) {
  return text.length > length ? `${text.slice(0, length)}...` : text;
}

type CardSurvey = Pick<PublicSurvey, "id" | "title" | "category" | "description" | "yesCount" | "noCount">;

export function SurveyCard({ survey, headingLevel = 3 }: { survey: CardSurvey; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:shadow-md">
      <span className="w-fit rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">{survey.category}</span>
      <Heading className="mt-3 text-lg font-semibold leading-snug">{survey.title}</Heading>
      <p className="mt-2 flex-1 text-sm text-slate-600">{preview(survey.description, CARD_DESCRIPTION_LENGTH)}</p>
      <div className="mt-4 flex items-center justify-between">
        <span className="flex items-center gap-1 text-sm text-slate-700" data-testid="card-votes">
          <Vote className="h-4 w-4" aria-hidden="true" /> Votes: {survey.yesCount + survey.noCount}
        </span>
        <Link
          href={`/survey/details/${survey.id}`}
          className="rounded-md bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800"
          aria-label={`Details: ${survey.title}`}
        >
          Details
        </Link>
      </div>
    </article>
  );
}
