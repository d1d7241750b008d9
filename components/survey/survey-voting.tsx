"use client";

import { lazy, Suspense } from "react";
import { useCurrentUser } from "@/components/site/use-current-user";
import { NoScriptInstead } from "@/components/ui/no-script";
import { Spinner } from "@/components/ui/spinner";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { votingMessages } from "./voting-messages";

// Only signed-in people get the vote form, the report dialog, the live figures and what they need
// (react-hook-form, zod, Radix's dialog, toasts, the stream's client, next-intl's and the texts): a
// separate chunk, loaded once the session is known, with its texts fetched beside it. A signed-out
// visitor's figures never move on this page (an open survey shows no figures to them, a closed one
// cannot change), so none of that code reaches them.
// React.lazy rather than next/dynamic: the fallback is the page's own content (below), not a fixed one.
const SignedInIsland = lazy(() => import("./signed-in-island"));

/**
 * The vote / results part of a survey page. The page is one cached page for everyone: `children` is
 * what a signed-out visitor sees (rendered on the server: the login prompt of an open survey, the
 * results of a closed one); who is viewing is known only in the browser. `loadingLabel`: the waiting
 * spinner's words, from the server (this part formats no message itself).
 */
export function SurveyVoting({
  surveyId,
  deadline,
  closed,
  timeZone,
  loadingLabel,
  children,
}: {
  surveyId: string;
  deadline: string;
  /** Whether voting had closed when the page was rendered (the signed-in part reads it again). */
  closed: boolean;
  /** The site's time zone, for the signed-in part's dates. */
  timeZone: string;
  loadingLabel: string;
  children: React.ReactNode;
}) {
  const locale = usePageLocale();
  const viewer = useCurrentUser();
  // A closed survey's results are the same for everyone until the signed-in part has loaded; an open
  // survey waits for the session rather than flash the login prompt at someone signed in. Without
  // JavaScript the session is never known: there the cached HTML shows the login prompt instead of a
  // spinner that would turn forever (<noscript>, which browsers running scripts ignore).
  const waiting = closed ? (
    children
  ) : (
    <>
      <Spinner className="vote-waiting py-8" label={loadingLabel} />
      <NoScriptInstead>{children}</NoScriptInstead>
    </>
  );
  if (viewer.status === "loading") return waiting;
  if (!viewer.user) return children;
  // The texts are asked for with the code, not after it.
  void votingMessages(locale);
  return (
    <Suspense fallback={waiting}>
      <SignedInIsland surveyId={surveyId} deadline={deadline} closed={closed} locale={locale} timeZone={timeZone} />
    </Suspense>
  );
}
