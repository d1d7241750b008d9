"use client";

import { Check, Copy, Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { describedBy, Field, inputClass, invalidClass } from "@/components/ui/field";
import { sendJson } from "@/lib/api/client";
import { cn } from "@/lib/utils";
import { useAccountProblem } from "./use-problem";

/** The secret as it is typed into an app by hand: in groups of four. */
export const groupedSecret = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

/** The QR code of the `otpauth://` address, made in the browser (the package loads only here, when asked). */
function useQrCode(otpauthUrl: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<{ src: string | null; failed: boolean }>({ src: null, failed: false });
  useEffect(() => {
    let live = true;
    import("qrcode")
      .then((qrcode) => qrcode.toString(otpauthUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" }))
      .then(
        (svg) => live && setState({ src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`, failed: false }),
        () => live && setState({ src: null, failed: true }),
      );
    return () => {
      live = false;
    };
  }, [otpauthUrl]);
  return state;
}

/**
 * Setting up an authenticator app, once the server made its secret: the QR code to scan, the key to
 * type by hand, and the first code to confirm it (POST /api/me/second-factor/totp/confirm), which
 * answers the recovery codes. Until then nothing is on: Cancel leaves the account as it was.
 */
export function TotpEnrolment({
  secret,
  otpauthUrl,
  onConfirmed,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("account.totp");
  const { problem } = useAccountProblem();
  const qr = useQrCode(otpauthUrl);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const id = "totp-code";
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"), { description: t("copyFailedText") });
    }
  };

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    const typed = code.replace(/\s+/g, "");
    if (!/^\d{6}$/.test(typed)) return setError(t("enterCode"));
    setError(undefined);
    setBusy(true);
    try {
      const { recoveryCodes } = await sendJson<{ recoveryCodes: string[] }>("/api/me/second-factor/totp/confirm", { code: typed });
      onConfirmed(recoveryCodes);
    } catch (e) {
      setBusy(false);
      setError(problem(e, { fields: { code: t("wrongCode") } }));
    }
  };

  return (
    <div className="space-y-4 rounded-lg border border-slate-200 p-4" data-testid="totp-enrolment">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        {t("heading")}
      </h3>
      <ol className="list-decimal space-y-4 pl-5 text-sm text-slate-700">
        <li>
          <p>{t("scan")}</p>
          <div className="mt-2 flex h-44 w-44 items-center justify-center rounded-md border border-slate-200 bg-white">
            {qr.src ? (
              // A data: address made in this browser: next/image has nothing to optimise.
              // eslint-disable-next-line @next/next/no-img-element
              <img src={qr.src} width={168} height={168} alt={t("qrAlt")} data-testid="totp-qr" />
            ) : qr.failed ? (
              <span className="p-2 text-center text-xs text-slate-600">{t("qrFailed")}</span>
            ) : (
              <Loader2 aria-label={t("drawing")} className="h-5 w-5 animate-spin text-slate-500" />
            )}
          </div>
          <p className="mt-3 font-medium text-slate-800">{t("cantScan")}</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code className="break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm text-slate-900" data-testid="totp-secret">
              {groupedSecret(secret)}
            </code>
            <Button type="button" variant="outline" size="sm" className="h-11 sm:h-9" onClick={copy} aria-label={t("copyLabel")}>
              {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
              {copied ? t("copiedButton") : t("copy")}
            </Button>
          </div>
        </li>
        <li>
          <form noValidate onSubmit={confirm} aria-label={t("formLabel")} className="space-y-3">
            <p>{t("enterNow")}</p>
            <div className="max-w-48">
              <Field id={id} label={t("codeLabel")} error={error}>
                <input
                  id={id}
                  name="code"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9 ]*"
                  maxLength={7}
                  value={code}
                  onChange={(e) => setCode(e.target.value)}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={describedBy(id, { error })}
                  className={cn(inputClass, "font-mono tracking-widest", error && invalidClass)}
                />
              </Field>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={busy}>
                {busy && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
                {t("confirm")}
              </Button>
              <Button type="button" variant="outline" disabled={busy} onClick={onCancel}>
                {t("cancel")}
              </Button>
            </div>
          </form>
        </li>
      </ol>
    </div>
  );
}
