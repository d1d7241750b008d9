"use client";

import { useTranslations } from "next-intl";
import { lazy, Suspense } from "react";
import { useCurrentUser } from "@/components/site/use-current-user";
import { NoScriptInstead } from "@/components/ui/no-script";
import { Spinner } from "@/components/ui/spinner";

// Only signed-in people get the vote form, the report dialog, the live figures and what they need
// (react-hook-form, zod, Radix's dialog, toasts, the stream's client): a separate chunk, loaded once
// the session is known. A signed-out visitor's figures never move on this page (an open survey shows
// no figures to them, a closed one cannot change), so none of that code reaches them.
// React.lazy rather than next/dynamic: the fallback is the page's own content (below), not a fixed one.
const SignedInVoting = lazy(() => import("./signed-in-voting"));

/**
 * The vote / results part of a survey page. The page is one cached page for everyone: `children` is
 * what a signed-out visitor sees (rendered on the server: the login prompt of an open survey, the
 * results of a closed one); who is viewing is known only in the browser.
 */
export function SurveyVoting({
  surveyId,
  deadline,
  closed,
  children,
}: {
  surveyId: string;
  deadline: string;
  /** Whether voting had closed when the page was rendered (the signed-in part reads it again). */
  closed: boolean;
  children: React.ReactNode;
}) {
  const t = useTranslations("survey.vote");
  const viewer = useCurrentUser();
  // A closed survey's results are the same for everyone until the signed-in part has loaded; an open
  // survey waits for the session rather than flash the login prompt at someone signed in. Without
  // JavaScript the session is never known: there the cached HTML shows the login prompt instead of a
  // spinner that would turn forever (<noscript>, which browsers running scripts ignore).
  const waiting = closed ? (
    children
  ) : (
    <>
      <Spinner className="vote-waiting py-8" label={t("loading")} />
      <NoScriptInstead>{children}</NoScriptInstead>
    </>
  );
  if (viewer.status === "loading") return waiting;
  if (!viewer.user) return children;
  return (
    <Suspense fallback={waiting}>
      <SignedInVoting surveyId={surveyId} deadline={deadline} closed={closed} />
    </Suspense>
  );
}
