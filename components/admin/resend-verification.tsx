"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { toast } from "sonner";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales.mjs";
import { RowButton } from "./row-button";
import { resendVerification } from "./admin-api";
import { useAdminProblem } from "./use-problem";

/** "Not verified", and a button that mails the account a new verification link. */
export function ResendVerificationAsAdmin({ userId, email }: { userId: string; email: string }) {
  const t = useTranslations("admin");
  const { locale, problem } = useAdminProblem();
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const send = async () => {
    setState("sending");
    try {
      const { message } = await resendVerification(userId);
      toast.success(t("users.verification.sent"), { description: locale === DEFAULT_LOCALE ? message : t("users.verification.sentText") });
      setState("sent");
    } catch (error) {
      // Two conflicts: the address was verified meanwhile, or the account is suspended (and sent no mail).
      const known = (e: { status: number; message: string }) =>
        e.status === 409
          ? t(/suspend/i.test(e.message) ? "users.verification.suspended" : "users.verification.alreadyVerified")
          : e.status === 503
            ? t("users.verification.mailOff")
            : undefined;
      toast.error(t("users.verification.notSent"), { description: problem(error, { known }, t("problems.tryAgain")) });
      setState("idle");
    }
  };
  return (
    <div className="row-controls">
      <span className="text-amber-800">{t("users.verification.notVerified")}</span>
      <RowButton variant="outline" onClick={send} disabled={state !== "idle"} aria-label={t("users.verification.resendLabel", { email })}>
        {state === "sent" ? t("users.verification.sentButton") : t("users.verification.resend")}
      </RowButton>
    </div>
  );
}
