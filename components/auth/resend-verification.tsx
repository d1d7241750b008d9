"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useApiSentence } from "@/components/auth/api-sentences";
import { RequestError, sendJson } from "@/lib/api/client";
import { Button } from "@/components/ui/button";
import { Link } from "@/lib/i18n/link";

// Both read the `auth` texts: a page that shows them puts them in an island with that area.

/**
 * "Resend the email": a new verification link for the signed-in person. Says what happened in place
 * (sent, already verified, the hourly limit), and asks a signed-out visitor to sign in first.
 */
export function ResendVerification({
  callbackPath = "/dashboard",
  continueTo,
  variant = "outline",
}: {
  callbackPath?: string;
  /** Where the new mail's verified page sends the person on (a survey with their answer). */
  continueTo?: string;
  variant?: "outline" | "default";
}) {
  const t = useTranslations("auth");
  const say = useApiSentence();
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" | "error" | "signed-out"; message?: string }>({ kind: "idle" });
  const send = async () => {
    setState({ kind: "sending" });
    try {
      const result = await sendJson<{ message: string }>("/api/me/verification-email", continueTo ? { callbackUrl: continueTo } : {});
      setState({ kind: "sent", message: say(result.message) });
    } catch (error) {
      if (error instanceof RequestError && error.status === 401) return setState({ kind: "signed-out" });
      setState({ kind: "error", message: error instanceof Error ? say(error.message) : t("somethingWrong") });
    }
  };
  return (
    <div className="space-y-2">
      <Button type="button" variant={variant} onClick={send} disabled={state.kind === "sending" || state.kind === "sent"}>
        {state.kind === "sending" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {state.kind === "sent" ? t("resend.sent") : t("resend.send")}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {state.kind === "sent" && state.message}
        {state.kind === "error" && <span className="text-red-700">{state.message}</span>}
        {state.kind === "signed-out" &&
          t.rich("resend.loginFirst", {
            link: (chunks) => (
              <Link href={`/login?callbackUrl=${encodeURIComponent(callbackPath)}`} className="font-medium text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
      </p>
    </div>
  );
}

/**
 * The notice a signed-in person with an unverified address sees (survey page, dashboard). `continueTo`:
 * the page to come back to once verified (a survey with the answer chosen), where the code page goes on.
 */
export function VerifyEmailNotice({ email, message, callbackPath, continueTo }: { email?: string; message: string; callbackPath?: string; continueTo?: string }) {
  const t = useTranslations("auth.resend");
  const codeLink = (chunks: React.ReactNode) => (
    <Link href={continueTo ? `/check-inbox?callbackUrl=${encodeURIComponent(continueTo)}` : "/check-inbox"} className="font-medium underline">
      {chunks}
    </Link>
  );
  return (
    <div role="region" aria-label={t("notice")} className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{message}</p>
      <p className="mt-1 text-sm">
        {email
          ? t.rich("sentTo", { email, strong: (chunks) => <strong className="break-all">{chunks}</strong>, link: codeLink })
          : t.rich("sentToYou", { link: codeLink })}
      </p>
      <div className="mt-3">
        <ResendVerification callbackPath={callbackPath} continueTo={continueTo} />
      </div>
    </div>
  );
}
