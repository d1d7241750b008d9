"use client";

import { useLocale, useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { Link } from "@/lib/i18n/link";
import { CHOICE_PARAM, parseChoice, signInForChoiceHref } from "@/lib/votes/choice";
import type { VoteValue } from "@/models/enums";

const ANSWERS: VoteValue[] = ["yes", "no"];

const noChange = () => () => {};
const chosenInAddress = (): VoteValue | null => parseChoice(new URLSearchParams(window.location.search).get(CHOICE_PARAM));

/**
 * An open survey's question for someone signed out: the question and its two answers, each a link into
 * sign-in that carries the answer, so the person lands back here with it selected (lib/votes/choice.ts).
 * Rendered into the one cached page for everyone; an answer already chosen (`?vote=` in this page's
 * address, from an embed or a shared link) is read in the browser and marked, and the Login and Register
 * links then carry it too. Sign-in, and the survey after it, are in the page's language.
 */
export function SignedOutVote({ surveyId, questionTitle, questionDescription }: { surveyId: string; questionTitle: string; questionDescription: string }) {
  const t = useTranslations("survey");
  const locale = useLocale();
  // None in the cached HTML; the address's, once in the browser (the address does not change here).
  const chosen = useSyncExternalStore(noChange, chosenInAddress, () => null);
  const signIn = (page: "/login" | "/register", choice: VoteValue | null) => signInForChoiceHref(page, surveyId, choice, locale);
  const link = (page: "/login" | "/register") =>
    function SignInLink(chunks: React.ReactNode) {
      return (
        <Link href={signIn(page, chosen)} prefetch={false} className="font-semibold text-brand-700 underline">
          {chunks}
        </Link>
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
            <Link
              href={signIn("/login", answer)}
              prefetch={false}
              aria-current={chosen === answer ? "true" : undefined}
              className="flex min-h-12 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 text-base font-medium transition-colors hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-[current=true]:border-brand-700 aria-[current=true]:bg-brand-50 aria-[current=true]:text-brand-800 sm:min-w-32"
            >
              {t(`answers.${answer}`)}
              <span className="sr-only">{chosen === answer ? t("signedOut.answerChosen") : t("signedOut.answer")}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="mt-5 text-lg">{t.rich("signedOut.prompt", { link: link("/login") })}</p>
      <p className="mt-1 text-sm text-slate-700">
        {chosen ? t("signedOut.kept") : ""}
        {t.rich("signedOut.register", { link: link("/register") })}
      </p>
    </div>
  );
}
