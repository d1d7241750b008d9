import Link from "next/link";
import { formatShortDate, isClosed } from "@/lib/dates";
import { surveyHref } from "@/lib/public-urls";
import { resultsHidden } from "@/lib/surveys/results-visibility";
import type { PublicSurvey } from "@/lib/surveys/queries";
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
  // The class names are defined in app/globals.css (short names: a list page has a dozen cards), and so
  // are the words of the call to action ("Vote", "See results"), drawn after the footer.
  return (
    <article className={closed ? "card card-done" : "card"}>
      <div className="card-top">
        <span className="card-tag">{survey.category}</span>
        {closed ? (
          <span className="card-closed" data-testid="card-deadline">
            Closed
          </span>
        ) : (
          <span className="card-open" data-testid="card-deadline">
            Closes <time dateTime={survey.deadline}>{formatShortDate(survey.deadline, today)}</time>
          </span>
        )}
      </div>
      <Heading className="card-title">
        <Link href={surveyHref(survey.id)}>
          {survey.title}
          <LinkPending />
        </Link>
      </Heading>
      <p className="card-text">{preview(survey.description, CARD_DESCRIPTION_LENGTH)}</p>
      <div className="card-foot">
        {hidden ? (
          <span className="card-votes" data-testid="card-results-hidden">
            Results after the deadline
          </span>
        ) : (
          <span className="card-votes" data-testid="card-votes">{`Votes: ${survey.yesCount + survey.noCount}`}</span>
        )}
      </div>
    </article>
  );
}
