"use client";

import { Loader2, ShieldCheck, Smartphone } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { RecoveryCodes } from "@/components/account/recovery-codes";
import { TotpEnrolment } from "@/components/account/totp-enrolment";
import { CodeField, PasswordField } from "@/components/auth/form-field";
import { normaliseCode } from "@/components/auth/second-factor-words";
import { requestCoded, StepUpCancelled, useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RequestError, requestJson, sendJson } from "@/lib/api/client";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { formatDateTime } from "@/lib/dates";
import { cn } from "@/lib/utils";
import { useAccountProblem } from "./use-problem";

/** What the section starts from (the server's reading of the account; never a secret). */
export type SecondFactorState = {
  totp: boolean;
  /** When the app was confirmed, where the server says. */
  totpSince: string | null;
  passkeys: number;
  recoveryCodesLeft: number;
};

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
  const t = useTranslations("account.secondFactor");
  const { locale, problem } = useAccountProblem();
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
      setError(problem(e));
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
      if (!(e instanceof StepUpCancelled)) setError(problem(e));
    } finally {
      setCreating(false);
    }
  };

  return (
    <div className="space-y-4">
      {notice && !enabled && (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900" data-testid="second-factor-notice">
          {t("setupNotice")}
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
            toast.success(t("appOn"), { description: t("appOnText") });
          }}
        />
      ) : (
        <>
          {state.totp ? (
            <div className="flex items-start gap-3" data-testid="totp-on">
              <ShieldCheck aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900">
                  {state.totpSince
                    ? t.rich("onSince", {
                        date: formatDateTime(new Date(state.totpSince), timeZone, locale),
                        time: (chunks) => <time dateTime={state.totpSince ?? undefined}>{chunks}</time>,
                      })
                    : t("on")}
                </p>
                <p className={cn(state.recoveryCodesLeft <= 2 ? "text-amber-800" : "text-slate-600")} data-testid="recovery-codes-left">
                  {t(state.recoveryCodesLeft <= 2 ? "codesLeftLow" : "codesLeft", { count: state.recoveryCodesLeft })}
                </p>
              </div>
            </div>
          ) : (
            <div className="space-y-3">
              {state.passkeys > 0 ? (
                <p className="text-sm text-slate-700" data-testid="passkey-only">
                  {t("passkeyOnly", { count: state.passkeys })}{" "}
                  {state.recoveryCodesLeft > 0 ? t("youHave", { count: state.recoveryCodesLeft }) : t("recoveryHint")}
                </p>
              ) : (
                <p className="text-sm text-slate-700">{t("intro")}</p>
              )}
              <Button variant="outline" onClick={begin} disabled={starting}>
                {starting ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : <Smartphone aria-hidden="true" className="h-4 w-4" />}
                {t("setUp")}
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
                  {t("createCodes")}
                </Button>
              )
            )}
            {state.totp && (
              <TurnOff
                hasPassword={hasPassword}
                onOff={() => {
                  setState((s) => ({ ...s, totp: false, totpSince: null, recoveryCodesLeft: s.passkeys > 0 ? s.recoveryCodesLeft : 0 }));
                  toast.success(t("appOff"), { description: state.passkeys > 0 ? t("appOffPasskeys") : t("appOffPassword") });
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
  const t = useTranslations("account.secondFactor");
  const { problem } = useAccountProblem();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    if (!typed) return setError(t("noCode"));
    setError(undefined);
    setBusy(true);
    try {
      const { recoveryCodes } = await sendJson<{ recoveryCodes: string[] }>("/api/me/second-factor/recovery-codes", { code: typed });
      setOpen(false);
      setCode("");
      onCodes(recoveryCodes);
    } catch (e) {
      setError(problem(e, { fields: { code: t("wrongCode") } }));
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
      trigger={<Button variant="outline">{t("newCodes")}</Button>}
      title={t("newCodesTitle")}
      description={t("newCodesText")}
      cancelDisabled={busy}
      action={
        <Button type="submit" disabled={busy}>
          {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {t("makeCodes")}
        </Button>
      }
    >
      <CodeField id="new-codes-code" value={code} onChange={(e) => setCode(e.target.value)} error={error} />
    </ConfirmDialog>
  );
}

/** "Turn off": the password (an account without one has none to give) and a code. */
function TurnOff({ hasPassword, onOff }: { hasPassword: boolean; onOff: () => void }) {
  const t = useTranslations("account.secondFactor");
  const { locale, problem } = useAccountProblem();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = normaliseCode(code);
    const missing = { password: hasPassword && !password ? t("passwordRequired") : undefined, code: typed ? undefined : t("noCode") };
    if (missing.password || missing.code) return setErrors(missing);
    setErrors({});
    setBusy(true);
    try {
      await requestJson("/api/me/second-factor/totp", { method: "DELETE", body: JSON.stringify(hasPassword ? { password, code: typed } : { code: typed }) });
      setOpen(false);
      onOff();
    } catch (e) {
      if (e instanceof RequestError && e.issues.length > 0) {
        // The API's words in English; in another language the one thing it says of either field: they did not match.
        const said = (field: string) => {
          const issue = e.issues.find((i) => i.path === field);
          return issue && (locale === DEFAULT_LOCALE ? issue.message : t("wrongPasswordOrCode"));
        };
        setErrors({ password: said("password"), code: said("code") });
      } else setErrors({ form: problem(e) });
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
      trigger={<Button variant="outline">{t("turnOff")}</Button>}
      title={t("turnOffTitle")}
      description={t("turnOffText")}
      cancelDisabled={busy}
      action={
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {t("turnOff")}
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
