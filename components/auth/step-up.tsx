"use client";

import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { KeyRound, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useApiSentence } from "@/components/auth/api-sentences";
import { CodeField } from "@/components/auth/form-field";
import { normaliseCode } from "@/components/auth/second-factor-words";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { RequestError, requestJson, sendJson } from "@/lib/api/client";
import type { ErrorIssue } from "@/lib/api/errors";

/** The API's code for an action that needs this session to prove its second factor again. */
export const STEP_UP_CODE = "recent_second_factor_required";

/** A refusal that keeps the API's error code beside its message (the shared client keeps only the message). */
export class CodedRequestError extends RequestError {
  constructor(
    status: number,
    readonly code: string | undefined,
    message: string,
    issues: ErrorIssue[] = [],
  ) {
    super(status, message, issues);
  }
}

/** `requestJson`, keeping the error's code: what a call that may need a step-up is made with. */
export async function requestCoded<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: "same-origin", cache: "no-store", ...init, headers: { "content-type": "application/json", ...init?.headers } });
  } catch {
    throw new RequestError(0, "Could not reach the server. Check your connection and try again.");
  }
  const data = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string; issues?: ErrorIssue[] } } | null;
  if (!response.ok) {
    throw new CodedRequestError(response.status, data?.error?.code, data?.error?.message ?? `Request failed (${response.status})`, data?.error?.issues);
  }
  return data as T;
}

export const sendCoded = <T,>(url: string, body: unknown, method = "POST") => requestCoded<T>(url, { method, body: JSON.stringify(body) });

export const needsStepUp = (error: unknown) => error instanceof CodedRequestError && error.status === 403 && error.code === STEP_UP_CODE;

/** The person closed the "Confirm it's you" dialog: the action was not done, and nothing more needs saying. */
export class StepUpCancelled extends Error {
  constructor() {
    super("Not confirmed: the action was not done.");
    this.name = "StepUpCancelled";
  }
}

const isCancelled = (error: unknown) => error instanceof Error && (error.name === "NotAllowedError" || error.name === "AbortError");

/**
 * The step-up of the gravest actions, asked in place: `withStepUp(call)` makes the call, and when the
 * server answers that this session must prove its second factor again (403
 * recent_second_factor_required), opens "Confirm it's you" and, once the code or the passkey is
 * accepted (POST /api/me/second-factor/verify), makes the same call again. Closing the dialog rejects
 * with `StepUpCancelled`. Render `stepUpDialog` once in the component that uses it.
 */
export function useStepUp(): { withStepUp: <T>(call: () => Promise<T>) => Promise<T>; stepUpDialog: ReactNode } {
  const [open, setOpen] = useState(false);
  // The waiting call's continuation: resolved when verified, rejected when the dialog is closed.
  const pending = useRef<{ resolve: () => void; reject: (error: Error) => void } | null>(null);

  const ask = useCallback(
    () =>
      new Promise<void>((resolve, reject) => {
        pending.current = { resolve, reject };
        setOpen(true);
      }),
    [],
  );

  const withStepUp = useCallback(
    async <T,>(call: () => Promise<T>): Promise<T> => {
      try {
        return await call();
      } catch (error) {
        if (!needsStepUp(error)) throw error;
      }
      await ask();
      // Once: a second refusal (the proof did not count, or the clock moved on) is the call's own error.
      return call();
    },
    [ask],
  );

  const close = (verified: boolean) => {
    const waiting = pending.current;
    pending.current = null;
    setOpen(false);
    if (verified) waiting?.resolve();
    else waiting?.reject(new StepUpCancelled());
  };

  const stepUpDialog = <StepUpDialog open={open} onVerified={() => close(true)} onCancel={() => close(false)} />;
  return { withStepUp, stepUpDialog };
}

/**
 * "Confirm it's you": a code from the authenticator app (or a recovery code), or the passkey where the
 * account has one and the browser can use it. Its own component, so each opening starts empty. It reads
 * the `auth` texts: the page that uses it puts it in an island with them.
 */
export function StepUpDialog({ open, onVerified, onCancel }: { open: boolean; onVerified: () => void; onCancel: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      {open && <StepUpForm onVerified={onVerified} onCancel={onCancel} />}
    </Dialog>
  );
}

function StepUpForm({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const t = useTranslations("auth");
  const say = useApiSentence();
  const failure = (e: unknown) => (e instanceof RequestError ? say(e.message) : t("somethingWrongRetry"));
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState<"code" | "passkey" | null>(null);
  const [hasPasskey, setHasPasskey] = useState(false);
  const id = "step-up-code";

  // Offered only where it can work: the account has a passkey and this browser can use one (what
  // browserSupportsWebAuthn() checks, without loading the WebAuthn client into every admin page).
  useEffect(() => {
    if (typeof window.PublicKeyCredential !== "function") return;
    let live = true;
    requestJson<{ passkeys: unknown[] }>("/api/me/passkeys").then(
      (answer) => live && setHasPasskey(answer.passkeys.length > 0),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const verify = async (body: { code: string } | { response: unknown }) => {
    try {
      await sendJson("/api/me/second-factor/verify", body);
      onVerified();
    } catch (e) {
      setBusy(null);
      setError(e instanceof RequestError && e.status === 400 && "code" in body ? t("secondFactor.wrongCode") : failure(e));
    }
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (!typed) return setError(t("secondFactor.noCode"));
    setError(undefined);
    setBusy("code");
    await verify({ code: typed });
  };

  const withPasskey = async () => {
    setError(undefined);
    setBusy("passkey");
    let response: unknown;
    try {
      const [optionsJSON, { startAuthentication }] = await Promise.all([
        sendJson<PublicKeyCredentialRequestOptionsJSON>("/api/me/second-factor/passkey-options", {}),
        import("@simplewebauthn/browser"),
      ]);
      response = await startAuthentication({ optionsJSON });
    } catch (e) {
      setBusy(null);
      if (!isCancelled(e)) setError(failure(e));
      return;
    }
    await verify({ response });
  };

  return (
    <DialogContent data-testid="step-up">
      <form noValidate onSubmit={submit} className="grid gap-4">
        <DialogHeader>
          <DialogTitle>{t("stepUp.title")}</DialogTitle>
          <DialogDescription>{t(hasPasskey ? "stepUp.askCodeOrPasskey" : "stepUp.askCode")}</DialogDescription>
        </DialogHeader>
        <CodeField id={id} value={code} onChange={(e) => setCode(e.target.value)} error={error} autoFocus />
        {hasPasskey && (
          <Button type="button" variant="outline" className="justify-self-start" disabled={busy !== null} onClick={withPasskey}>
            {busy === "passkey" ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <KeyRound aria-hidden="true" className="h-4 w-4" />}
            {t("stepUp.usePasskey")}
          </Button>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onCancel} disabled={busy !== null}>
            {t("stepUp.cancel")}
          </Button>
          <Button type="submit" disabled={busy !== null}>
            {busy === "code" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
            {t("stepUp.confirm")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
