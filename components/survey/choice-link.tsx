"use client";

import { useSyncExternalStore } from "react";
import { Link } from "@/lib/i18n/link";
import { CHOICE_PARAM, parseChoice, signInForChoiceHref } from "@/lib/votes/choice";
import type { VoteValue } from "@/models/enums";

const noChange = () => () => {};
const chosenInAddress = (): VoteValue | null => parseChoice(new URLSearchParams(window.location.search).get(CHOICE_PARAM));
const noneOnServer = () => null;

/** The answer chosen in this page's address (`?vote=yes`): none in the cached HTML, the address's in the browser. */
function useChosen(): VoteValue | null {
  return useSyncExternalStore(noChange, chosenInAddress, noneOnServer);
}

/**
 * A way into sign-in (`page`) from a signed-out survey page that keeps an answer: `answer`'s for an
 * answer's own link (marked when it is the one chosen, with `label`'s hidden words), else the one
 * chosen in the address, if any.
 */
export function ChoiceLink({
  page,
  surveyId,
  locale,
  answer,
  label,
  className,
  children,
}: {
  page: "/login" | "/register";
  surveyId: string;
  locale: string;
  answer?: VoteValue;
  /** An answer's link: what it says to screen readers when it is the answer chosen, and otherwise. */
  label?: { chosen: string; other: string };
  className: string;
  children: React.ReactNode;
}) {
  const chosen = useChosen();
  const current = answer !== undefined && chosen === answer;
  return (
    <Link href={signInForChoiceHref(page, surveyId, answer ?? chosen, locale)} prefetch={false} aria-current={answer !== undefined && current ? "true" : undefined} className={className}>
      {children}
      {label && <span className="sr-only">{current ? label.chosen : label.other}</span>}
    </Link>
  );
}

/** Its children once an answer is chosen in the address (the note that sign-in keeps it). */
export function WhenChosen({ children }: { children: React.ReactNode }) {
  return useChosen() ? children : null;
}
