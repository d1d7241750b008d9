"use client";

import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useCallback } from "react";
import { requestProblem, type KnownProblems } from "@/components/account/request-problem";
import { CodedRequestError } from "@/components/auth/step-up";
import type { RequestError } from "@/lib/api/client";

/**
 * The admin console's refusals in its language (components/account/request-problem.ts): `problem(error)`
 * says a failed call, with "Something went wrong. Please try again." for anything else, or `fallback`.
 * A role's missing second factor and a step-up still asked for are said as such in every language.
 */
export function useAdminProblem() {
  const t = useTranslations("admin.problems");
  const locale = usePageLocale();
  const problem = useCallback(
    (error: unknown, known: KnownProblems = {}, fallback: string = t("generic")) => {
      const byCode = (e: RequestError) => {
        if (!(e instanceof CodedRequestError)) return undefined;
        if (e.code === "second_factor_required") return t("secondFactorRequired");
        if (e.code === "recent_second_factor_required") return t("stepUp");
        return undefined;
      };
      return requestProblem(error, locale, (key) => t(key), fallback, { ...known, known: (e) => known.known?.(e) ?? byCode(e) });
    },
    [t, locale],
  );
  return { locale, problem };
}
