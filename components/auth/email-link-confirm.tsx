"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiSentence } from "@/components/auth/api-sentences";
import { callbackPath } from "@/components/auth/callback-path";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { Button } from "@/components/ui/button";
import { sendJson } from "@/lib/api/client";
import { useRouter } from "@/lib/i18n/router";

type Action = { href: string; label: string };

/**
 * The page of a mailed link that changes an account (verify an address, confirm a new one): it says
 * what will happen and changes it only when the button is pressed (a POST of the link's token), so a
 * mail scanner opening the link changes nothing. Then it says what happened, or why not and what to do.
 * Where the mail remembers what the person was doing (`continueTo`: a survey, with the answer they
 * chose), the page goes on there by itself, in its own language. The texts come translated from the
 * page; the API's sentences are said in the page's language here.
 */
export function EmailLinkConfirm({
  endpoint,
  token,
  ask,
  done,
  problem,
  children,
}: {
  endpoint: "/api/verify-email" | "/api/confirm-email";
  token: string;
  /** What pressing the button does. */
  ask: { title: string; message: string; button: string };
  done: { title: string; actions: Action[] };
  problem: { title: string; actions?: Action[] };
  /** The way forward shown with a refusal (a new link). */
  children?: React.ReactNode;
}) {
  const t = useTranslations("auth");
  const say = useApiSentence();
  const router = useRouter();
  const [state, setState] = useState<{ kind: "idle" | "sending" | "done" | "error"; message?: string; continueTo?: string }>({ kind: "idle" });
  const confirm = async () => {
    setState({ kind: "sending" });
    try {
      const result = await sendJson<{ message: string; continueTo?: string | null }>(endpoint, { token });
      const continueTo = result.continueTo ? callbackPath(result.continueTo, null) : undefined;
      setState({ kind: "done", message: say(result.message), continueTo });
      if (continueTo) router.replace(continueTo);
    } catch (error) {
      setState({ kind: "error", message: error instanceof Error ? say(error.message) : t("somethingWrong") });
    }
  };
  if (state.kind === "done") {
    const onward = state.continueTo ? [{ href: state.continueTo, label: state.continueTo.startsWith("/survey/") ? t("links.backToSurvey") : t("links.continue") }] : [];
    return <LinkOutcome tone="success" title={done.title} message={state.message ?? ""} actions={[...onward, ...done.actions]} />;
  }
  if (state.kind === "error") {
    return (
      <LinkOutcome tone="problem" title={problem.title} message={state.message ?? ""} actions={problem.actions}>
        {children}
      </LinkOutcome>
    );
  }
  return (
    <LinkOutcome tone="ask" title={ask.title} message={ask.message}>
      <div className="space-y-2">
        <Button type="button" onClick={confirm} disabled={state.kind === "sending"}>
          {state.kind === "sending" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {ask.button}
        </Button>
        <noscript>
          <p className="text-sm text-slate-700">{t("links.needsScript")}</p>
        </noscript>
      </div>
    </LinkOutcome>
  );
}
