"use client";

import { browserSupportsWebAuthn, startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { KeyRound, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useApiSentence } from "@/components/auth/api-sentences";
import type { SignInOutcome } from "@/components/auth/credentials-sign-in";
import { CodeField } from "@/components/auth/form-field";
import { normaliseCode } from "@/components/auth/second-factor-words";
import { Button } from "@/components/ui/button";
import { RequestError, sendJson } from "@/lib/api/client";

/** The factor the second step hands on: a code, or a passkey's assertion as JSON. */
export type SecondFactor = { code: string } | { passkey: string };

// Whether the browser has passkeys does not change while the page is open.
const noSubscription = () => () => undefined;

/** The person closed the browser's passkey prompt, or another ceremony took its place: nothing to say. */
const isCancelled = (error: unknown) => error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/**
 * The login's second step, in place of the first: the account (shown, not typed again), a code from an
 * authenticator app or a recovery code, or a passkey where the browser has them. `send` signs in with
 * the factor (together with the password, or with a Google sign-in's ticket); what it answers is said
 * here. A wrong code clears the field for the next one; an expired Google ticket leaves only the way
 * back.
 */
export function SecondFactorStep({
  who,
  send,
  onSignedIn,
  onBack,
  backLabel,
}: {
  /** The address being signed in to; null for a Google sign-in (the page does not know it). */
  who: string | null;
  send: (factor: SecondFactor) => Promise<SignInOutcome>;
  onSignedIn: () => Promise<void>;
  onBack: () => void;
  /** The way back's label; "Use another account" by default. */
  backLabel?: string;
}) {
  const t = useTranslations("auth");
  const say = useApiSentence();
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [alert, setAlert] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [busy, setBusy] = useState<"code" | "passkey" | null>(null);
  const [waitSeconds, setWaitSeconds] = useState(0);
  // Known only in the browser: the button appears after hydration, never in the server's markup.
  const passkeys = useSyncExternalStore(noSubscription, browserSupportsWebAuthn, () => false);
  const field = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // The step replaces the form the person was in: their focus goes on to what it asks.
    field.current?.focus();
  }, []);
  useEffect(() => {
    if (waitSeconds <= 0) return;
    const timer = setTimeout(() => setWaitSeconds((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [waitSeconds]);

  /** Hands the factor on and says what came of it; `wrong` is what a refusal of this factor means. */
  const finish = async (factor: SecondFactor, wrong: string) => {
    const result = await send(factor);
    if (result.kind === "signed-in") {
      await onSignedIn();
      return;
    }
    setBusy(null);
    if (result.kind === "second-factor") {
      if ("code" in factor) {
        setCode("");
        setFieldError(wrong);
        field.current?.focus();
      } else setAlert(wrong);
    } else if (result.kind === "ticket-expired") setExpired(true);
    else if (result.kind === "too-many-attempts") setAlert(t("login.tooManyAttempts"));
    else if (result.kind === "suspended") setAlert(t("login.suspended"));
    else if (result.kind === "busy") {
      setAlert(say(result.message));
      setWaitSeconds(result.retryAfterSeconds);
    } else setAlert(t("somethingWrongRetry"));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setAlert(null);
    const typed = normaliseCode(code);
    if (!typed) {
      setFieldError(t("secondFactor.noCode"));
      field.current?.focus();
      return;
    }
    setFieldError(undefined);
    setBusy("code");
    await finish({ code: typed }, t("secondFactor.wrongCode"));
  };

  const withPasskey = async () => {
    setAlert(null);
    setFieldError(undefined);
    setBusy("passkey");
    let passkey: string;
    try {
      const optionsJSON = await sendJson<PublicKeyCredentialRequestOptionsJSON>("/api/passkeys/sign-in-options", {});
      passkey = JSON.stringify(await startAuthentication({ optionsJSON }));
    } catch (e) {
      setBusy(null);
      if (e instanceof RequestError) setAlert(say(e.message));
      else if (!isCancelled(e)) setAlert(t("somethingWrongRetry"));
      return;
    }
    await finish({ passkey }, t("secondFactor.wrongPasskey"));
  };

  if (expired) {
    return (
      <div className="space-y-4" data-testid="second-factor-step">
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {t("secondFactor.ticketExpired")}
        </p>
        <Button type="button" className="w-full" onClick={onBack}>
          {t("secondFactor.signInAgain")}
        </Button>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-labelledby="second-factor-title" data-testid="second-factor-step">
      <div className="space-y-1">
        <h2 id="second-factor-title" className="text-lg font-semibold text-slate-900">
          {t("secondFactor.title")}
        </h2>
        {who ? (
          <p className="break-words text-sm text-slate-700">
            {t.rich("secondFactor.signingInAs", {
              email: who,
              account: (chunks) => <span className="font-medium text-slate-900">{chunks}</span>,
            })}
          </p>
        ) : (
          <p className="text-sm text-slate-700">{t("secondFactor.googleConfirmed")}</p>
        )}
        <p className="text-sm text-slate-600">{t(passkeys ? "secondFactor.askCodeOrPasskey" : "secondFactor.askCode")}</p>
      </div>
      {alert && (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-testid="second-factor-alert">
          {alert}
        </p>
      )}
      <CodeField ref={field} id="second-factor-code" value={code} onChange={(e) => setCode(e.target.value)} error={fieldError} />
      <Button type="submit" className="w-full" disabled={busy !== null || waitSeconds > 0}>
        {busy === "code" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {waitSeconds > 0 ? t("login.tryAgainIn", { seconds: waitSeconds }) : t("secondFactor.verify")}
      </Button>
      {passkeys && (
        <Button type="button" variant="outline" className="w-full" disabled={busy !== null || waitSeconds > 0} onClick={withPasskey}>
          {busy === "passkey" ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <KeyRound aria-hidden="true" className="h-4 w-4" />}
          {t("secondFactor.usePasskey")}
        </Button>
      )}
      <p className="text-center text-sm">
        <button type="button" onClick={onBack} className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {backLabel ?? t("secondFactor.anotherAccount")}
        </button>
      </p>
    </form>
  );
}
