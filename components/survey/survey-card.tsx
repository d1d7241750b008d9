import { getLocale, getTranslations } from "next-intl/server";
import Link from "next/link";
import { formatShortDate, isClosed } from "@/lib/dates";
import { localePath } from "@/lib/i18n/locales.mjs";
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
 * The category shows its name in the page's language; the survey's own texts are the surveyor's, as
 * written, and marked `translate="no"` (neither ours to translate nor a browser's to rewrite). The
 * link is next/link to the address in the page's language (localePath): next-intl's Link would add its
 * cookie settings to every card's props in the page's payload.
 */
export async function SurveyCard({ survey, today, headingLevel = 3 }: { survey: CardSurvey; today: string; headingLevel?: 2 | 3 }) {
  const [t, locale] = await Promise.all([getTranslations("surveys"), getLocale()]);
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const closed = isClosed(survey.deadline, today);
  const hidden = resultsHidden(survey, closed);
  // The class names are defined in app/globals.css (short names: a list page has a dozen cards), and so
  // are the words of the call to action ("Vote", "See results"), drawn after the footer in the
  // language of the page's <html lang>.
  return (
    <article className={closed ? "card card-done" : "card"}>
      <div className="card-top">
        <span className="card-tag">{t(`categories.${survey.category}`)}</span>
        {closed ? (
          <span className="card-closed" data-testid="card-deadline">
            {t("card.closed")}
          </span>
        ) : (
          <span className="card-open" data-testid="card-deadline">
            {t.rich("card.closes", {
              date: formatShortDate(survey.deadline, today, locale),
              time: (date) => <time dateTime={survey.deadline}>{date}</time>,
            })}
          </span>
        )}
      </div>
      <Heading className="card-title">
        <Link href={localePath(locale, surveyHref(survey.id))} translate="no">
          {survey.title}
          <LinkPending />
        </Link>
      </Heading>
      <p className="card-text" translate="no">
        {preview(survey.description, CARD_DESCRIPTION_LENGTH)}
      </p>
      <div className="card-foot">
        {hidden ? (
          <span className="card-votes" data-testid="card-results-hidden">
            {t("card.resultsHidden")}
          </span>
        ) : (
          <span className="card-votes" data-testid="card-votes">{t("card.votes", { count: survey.yesCount + survey.noCount })}</span>
        )}
      </div>
    </article>
  );
}
