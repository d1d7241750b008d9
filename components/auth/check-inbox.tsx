"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState } from "react";
import { useApiSentence } from "@/components/auth/api-sentences";
import { FormField } from "@/components/auth/form-field";
import { ResendVerification } from "@/components/auth/resend-verification";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { Button } from "@/components/ui/button";
import { RequestError, requestJson, sendJson } from "@/lib/api/client";
import { Link } from "@/lib/i18n/link";
import { useRouter } from "@/lib/i18n/router";

/** How often the page asks whether the address was verified elsewhere (the link opened on a phone). */
const POLL_MS = 4000;

/**
 * The page after registering (or whenever a vote waits for a verified address): where the mail went, the
 * six-digit code typed here (POST /api/verify-email {code}), a new mail, a way to change a wrong
 * address; and it waits: once the address is verified, here or by the mail's link on any device, it
 * goes on to `continueTo` (the survey the person came from, with their answer).
 */
export function CheckInbox({ email, continueTo }: { email: string; continueTo: string }) {
  const t = useTranslations("auth");
  const say = useApiSentence();
  const router = useRouter();
  const [code, setCode] = useState("");
  const [state, setState] = useState<{ kind: "idle" | "sending" | "verified"; error?: string }>({ kind: "idle" });
  const going = useRef(false);

  const goOn = useCallback(async () => {
    if (going.current) return;
    going.current = true;
    setState({ kind: "verified" });
    await refreshCurrentUser();
    router.replace(continueTo);
  }, [continueTo, router]);

  // Verified elsewhere: asked every few seconds while the page is in view, and when it comes back.
  useEffect(() => {
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      const me = await requestJson<{ user: { emailVerified: boolean } | null }>("/api/me").catch(() => null);
      if (me?.user?.emailVerified) await goOn();
    };
    const timer = setInterval(check, POLL_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [goOn]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const digits = code.replace(/\D/g, "");
    if (digits.length !== 6) return setState({ kind: "idle", error: t("checkInbox.sixDigits") });
    setState({ kind: "sending" });
    try {
      await sendJson("/api/verify-email", { code: digits });
      await goOn();
    } catch (error) {
      if (error instanceof RequestError && error.status === 409) return goOn();
      setState({ kind: "idle", error: error instanceof Error ? say(error.message) : t("somethingWrong") });
    }
  };

  if (state.kind === "verified") {
    return (
      <p role="status" className="flex items-center justify-center gap-2 text-center font-medium text-green-800">
        <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        {t("checkInbox.verified")}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-slate-800">
        {t.rich("checkInbox.sent", { email, strong: (chunks) => <strong className="break-all">{chunks}</strong> })}
      </p>
      <form noValidate onSubmit={submit} className="space-y-4" aria-label={t("checkInbox.form")}>
        <FormField
          id="verify-code"
          label={t("checkInbox.code")}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={9}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          error={state.error}
          className="text-center font-mono text-xl tracking-[0.4em]"
        />
        <Button type="submit" className="w-full" disabled={state.kind === "sending"}>
          {state.kind === "sending" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {t("checkInbox.verify")}
        </Button>
      </form>
      <div className="space-y-3 border-t border-slate-100 pt-4 text-sm text-slate-700">
        <p>{t("checkInbox.noEmail")}</p>
        <ResendVerification continueTo={continueTo} />
        <p>
          {t.rich("checkInbox.wrongAddress", {
            link: (chunks) => (
              <Link href="/dashboard/account#email" className="font-medium text-brand-700 underline">
                {chunks}
              </Link>
            ),
          })}
        </p>
      </div>
    </div>
  );
}
