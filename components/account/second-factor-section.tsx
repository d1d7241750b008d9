"use client";

import { Loader2, ShieldCheck, Smartphone } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { RecoveryCodes } from "@/components/account/recovery-codes";
import { TotpEnrolment } from "@/components/account/totp-enrolment";
import { CodeField, PasswordField } from "@/components/auth/form-field";
import { NO_CODE, normaliseCode } from "@/components/auth/second-factor-words";
import { requestCoded, StepUpCancelled, useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RequestError, requestJson, sendJson } from "@/lib/api/client";
import { formatDateTime } from "@/lib/dates";
import { cn } from "@/lib/utils";

export const SETUP_NOTICE = "Your role needs a second factor. Set one up to continue to the admin pages.";

/** What the section starts from (the server's reading of the account; never a secret). */
export type SecondFactorState = {
  totp: boolean;
  /** When the app was confirmed, where the server says. */
  totpSince: string | null;
  passkeys: number;
  recoveryCodesLeft: number;
};

const failure = (e: unknown) => (e instanceof RequestError ? e.message : "Something went wrong. Please try again.");
const codesLeft = (n: number) => (n === 1 ? "1 recovery code left" : `${n} recovery codes left`);

/**
 * The account page's "Two-step sign-in": an authenticator app (set up with a QR code or its key, then
 * confirmed with a first code, which brings ten recovery codes shown once), new recovery codes, turning
 * the app off (password and code), and for an account whose only second factor is a passkey, its
 * recovery codes. `notice`: the person was sent here because their role needs a second factor.
 */
export function SecondFactorSection({
  initial,
  email,
  hasPassword,
  notice,
  timeZone,
}: {
  initial: SecondFactorState;
  email: string;
  hasPassword: boolean;
  notice: boolean;
  timeZone: string;
}) {
  const [state, setState] = useState(initial);
  const [enrolment, setEnrolment] = useState<{ secret: string; otpauthUrl: string } | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);
  const [creating, setCreating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { withStepUp, stepUpDialog } = useStepUp();
  const enabled = state.totp || state.passkeys > 0;

  const begin = async () => {
    setError(null);
    setStarting(true);
    try {
      setEnrolment(await sendJson<{ secret: string; otpauthUrl: string }>("/api/me/second-factor/totp", {}));
    } catch (e) {
      setError(failure(e));
    } finally {
      setStarting(false);
    }
  };

  const showCodes = (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    setState((s) => ({ ...s, recoveryCodesLeft: recoveryCodes.length }));
  };

  // A passkey-only account has no code to type: right after its passkey (the step-up) it needs none.
  const createCodes = async () => {
    setError(null);
    setCreating(true);
    try {
      const { recoveryCodes } = await withStepUp(() =>
        requestCoded<{ recoveryCodes: string[] }>("/api/me/second-factor/recovery-codes", { method: "POST", body: "{}" }),
      );
      showCodes(recoveryCodes);
    } catch (e) {
      if (!(e instanceof StepUpCancelled)) setError(failure(e));
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="space-y-4">
      {notice && !enabled && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="second-factor-notice">
          {SETUP_NOTICE}
        </p>
      )}

      {codes ? (
        <RecoveryCodes codes={codes} email={email} onDone={() => setCodes(null)} />
      ) : enrolment ? (
        <TotpEnrolment
          secret={enrolment.secret}
          otpauthUrl={enrolment.otpauthUrl}
          onCancel={() => setEnrolment(null)}
          onConfirmed={(recoveryCodes) => {
            setEnrolment(null);
            setState((s) => ({ ...s, totp: true, totpSince: new Date().toISOString() }));
            showCodes(recoveryCodes);
            toast.success("Authenticator app on", { description: "Signing in with your password now also asks for its code." });
          }}
        />
      ) : (
        <>
          {state.totp ? (
            <div className="flex items-start gap-3" data-testid="totp-on">
              <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  Authenticator app: on
                  {state.totpSince && (
                    <>
                      {" "}
                      since <time dateTime={state.totpSince}>{formatDateTime(new Date(state.totpSince), timeZone)}</time>
                    </>
                  )}
                </p>
                <p className={cn(state.recoveryCodesLeft <= 2 ? "text-amber-800" : "text-slate-600")} data-testid="recovery-codes-left">
                  {codesLeft(state.recoveryCodesLeft)}
                  {state.recoveryCodesLeft <= 2 && ": make new ones before you run out."}
                </p>
              </div>
            </div>
          ) : (
            <div className="space-y-3">
              {state.passkeys > 0 ? (
                <p className="text-sm text-slate-700" data-testid="passkey-only">
                  Your {state.passkeys === 1 ? "passkey is" : "passkeys are"} your second step: signing in with your password also asks for{" "}
                  {state.passkeys === 1 ? "it" : "one of them"}. {state.recoveryCodesLeft > 0 ? `You have ${codesLeft(state.recoveryCodesLeft)}.` : "Recovery codes let you in if you lose it."}
                </p>
              ) : (
                <p className="text-sm text-slate-700">
                  Add a second step to signing in: after your password, the 6-digit code an authenticator app on your phone shows. Someone who learns
                  your password still cannot sign in.
                </p>
              )}
              <Button variant="outline" onClick={begin} disabled={starting}>
                {starting ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <Smartphone aria-hidden="true" className="h-4 w-4" />}
                Set up an authenticator app
              </Button>
            </div>
          )}

          {error && (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          )}

          <div className="flex flex-wrap gap-2">
            {state.totp || state.recoveryCodesLeft > 0 ? (
              enabled && <NewRecoveryCodes onCodes={showCodes} />
            ) : (
              state.passkeys > 0 && (
                <Button variant="outline" onClick={createCodes} disabled={creating}>
                  {creating && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
                  Create recovery codes
                </Button>
              )
            )}
            {state.totp && (
              <TurnOff
                hasPassword={hasPassword}
                onOff={() => {
                  setState((s) => ({ ...s, totp: false, totpSince: null, recoveryCodesLeft: s.passkeys > 0 ? s.recoveryCodesLeft : 0 }));
                  toast.success("Authenticator app off", {
                    description: state.passkeys > 0 ? "Your passkeys remain your second step." : "Signing in asks for your password only.",
                  });
                }}
              />
            )}
          </div>
        </>
      )}
      {stepUpDialog}
    </div>
  );
}


/** "New recovery codes": asks a code, then shows ten new ones (the old ones stop working). */
function NewRecoveryCodes({ onCodes }: { onCodes: (codes: string[]) => void }) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (!typed) return setError(NO_CODE);
    setError(undefined);
    setBusy(true);
    try {
      const { recoveryCodes } = await sendJson<{ recoveryCodes: string[] }>("/api/me/second-factor/recovery-codes", { code: typed });
      setOpen(false);
      setCode("");
      onCodes(recoveryCodes);
    } catch (e) {
      setError(e instanceof RequestError ? (e.issues.find((i) => i.path === "code")?.message ?? e.message) : failure(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setError(undefined);
      }}
      onSubmit={submit}
      trigger={<Button variant="outline">New recovery codes</Button>}
      title="Make new recovery codes?"
      description="Ten new codes replace the ones you have: the old ones stop working."
      cancelDisabled={busy}
      action={
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          Make new codes
        </Button>
      }
    >
      <CodeField id="new-codes-code" value={code} onChange={(e) => setCode(e.target.value)} error={error} />
    </ConfirmDialog>
  );
}

/** "Turn off": the password (an account without one has none to give) and a code. */
function TurnOff({ hasPassword, onOff }: { hasPassword: boolean; onOff: () => void }) {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    const missing = { password: hasPassword && !password ? "Your password is required" : undefined, code: typed ? undefined : NO_CODE };
    if (missing.password || missing.code) return setErrors(missing);
    setErrors({});
    setBusy(true);
    try {
      await requestJson("/api/me/second-factor/totp", { method: "DELETE", body: JSON.stringify(hasPassword ? { password, code: typed } : { code: typed }) });
      setOpen(false);
      onOff();
    } catch (e) {
      if (e instanceof RequestError && e.issues.length > 0) {
        setErrors({ password: e.issues.find((i) => i.path === "password")?.message, code: e.issues.find((i) => i.path === "code")?.message });
      } else setErrors({ form: failure(e) });
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) {
          setErrors({});
          setPassword("");
          setCode("");
        }
      }}
      onSubmit={submit}
      trigger={<Button variant="outline">Turn off</Button>}
      title="Turn off the authenticator app?"
      description="Signing in will no longer ask for its code. Your recovery codes stop working unless you have a passkey."
      cancelDisabled={busy}
      action={
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          Turn off
        </Button>
      }
    >
      <div className="space-y-3">
        {hasPassword && (
          <PasswordField
            id="totp-off-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
          />
        )}
        <CodeField id="totp-off-code" value={code} onChange={(e) => setCode(e.target.value)} error={errors.code} />
        {errors.form && (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
