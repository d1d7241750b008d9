"use client";

import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useCallback } from "react";
import { requestProblem, type KnownProblems } from "./request-problem";

/**
 * The account page's refusals in its language (components/account/request-problem.ts): `problem(error)`
 * says a failed call, with "Something went wrong. Please try again." for anything else, or `fallback`.
 */
export function useAccountProblem() {
  const t = useTranslations("account.problems");
  const locale = usePageLocale();
  // Stable while the page's language is (a list's loader depends on it).
  const problem = useCallback(
    (error: unknown, known?: KnownProblems, fallback: string = t("generic")) => requestProblem(error, locale, (key) => t(key), fallback, known),
    [t, locale],
  );
  return { locale, problem };
}
