import { useLocale, useTranslations } from "next-intl";
import type { VoteValue } from "@/models/enums";
import { ChoiceLink, WhenChosen } from "./choice-link";

const ANSWERS: VoteValue[] = ["yes", "no"];

/**
 * An open survey's question for someone signed out: the question and its two answers, each a link into
 * sign-in that carries the answer, so the person lands back here with it selected (lib/votes/choice.ts).
 * Rendered on the server into the one cached page for everyone; an answer already chosen (`?vote=` in
 * this page's address, from an embed or a shared link) is read in the browser by the links themselves
 * (./choice-link.tsx), which mark it and carry it into sign-in. The texts stay on the server: the page
 * sends the browser no message formatting for a signed-out visitor. Sign-in, and the survey after it,
 * are in the page's language.
 */
export function SignedOutVote({ surveyId, questionTitle, questionDescription }: { surveyId: string; questionTitle: string; questionDescription: string }) {
  const t = useTranslations("survey");
  const locale = useLocale();
  const link = (page: "/login" | "/register") =>
    function SignInLink(chunks: React.ReactNode) {
      return (
        <ChoiceLink page={page} surveyId={surveyId} locale={locale} className="font-semibold text-brand-700 underline">
          {chunks}
        </ChoiceLink>
      );
    };
  return (
    <div>
      {/* The survey's own question, in its surveyor's words. */}
      <h2 id="vote-question" className="text-lg font-semibold text-slate-900" translate="no">
        {questionTitle}
      </h2>
      <p className="mt-1 text-slate-700" translate="no">
        {questionDescription}
      </p>
      <ul aria-labelledby="vote-question" className="mt-4 grid grid-cols-2 gap-3 sm:flex sm:gap-4">
        {ANSWERS.map((answer) => (
          <li key={answer}>
            <ChoiceLink
              page="/login"
              surveyId={surveyId}
              locale={locale}
              answer={answer}
              label={{ chosen: t("signedOut.answerChosen"), other: t("signedOut.answer") }}
              className="flex min-h-12 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 text-base font-medium transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[current=true]:border-brand-700 aria-[current=true]:bg-brand-50 aria-[current=true]:text-brand-800 sm:min-w-32"
            >
              {t(`answers.${answer}`)}
            </ChoiceLink>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-lg">{t.rich("signedOut.prompt", { link: link("/login") })}</p>
      <p className="mt-1 text-sm text-slate-700">
        <WhenChosen>{t("signedOut.kept")}</WhenChosen>
        {t.rich("signedOut.register", { link: link("/register") })}
      </p>
    </div>
  );
}
