"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiSentence } from "@/components/auth/api-sentences";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { Button } from "@/components/ui/button";
import type { MailPreference } from "@/lib/mail/unsubscribe";

/** Each kind of mail as the page names it (`auth.unsubscribe.about`). */
const ABOUT = { results: "results", "survey-news": "surveyNews", "sign-in": "signIn" } as const satisfies Record<MailPreference, string>;

/**
 * The unsubscribe page's card. Before the press, one neutral question with its button (a POST:
 * opening the link alone, as mail scanners do, changes nothing); after it, what was done, said once.
 */
export function UnsubscribeConfirm({ token, kind }: { token: string; kind: MailPreference }) {
  const t = useTranslations("auth");
  const say = useApiSentence();
  const [state, setState] = useState<{ kind: "idle" | "sending" | "done" | "error"; message?: string }>({ kind: "idle" });
  const about = t(`unsubscribe.about.${ABOUT[kind]}`);
  const confirm = async () => {
    setState({ kind: "sending" });
    try {
      const response = await fetch(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST" });
      const data = (await response.json()) as { error?: { message: string } };
      setState(response.ok ? { kind: "done" } : { kind: "error", message: data.error?.message ? say(data.error.message) : t("somethingWrong") });
    } catch {
      setState({ kind: "error", message: t("api.unreachable") });
    }
  };
  if (state.kind === "done") {
    const preferences = { href: "/dashboard/account#mail", label: t("unsubscribe.preferences") };
    return <LinkOutcome tone="success" title={t("unsubscribe.doneTitle")} message={t("unsubscribe.done", { about })} actions={[preferences]} />;
  }
  return (
    <LinkOutcome tone="ask" title={t("unsubscribe.title")} message={t("unsubscribe.ask", { about })}>
      <div className="space-y-3">
        <Button type="button" onClick={confirm} disabled={state.kind === "sending"}>
          {state.kind === "sending" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {t("unsubscribe.button")}
        </Button>
        {state.kind === "error" && (
          <p role="alert" className="text-sm text-red-700">
            {state.message}
          </p>
        )}
        <noscript>
          <p className="text-sm text-slate-700">{t("links.needsScript")}</p>
        </noscript>
      </div>
    </LinkOutcome>
  );
}
