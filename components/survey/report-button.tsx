"use client";

import { Check, Flag } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useState } from "react";
import { toast } from "sonner";
import { AlertDialogAction } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { requestErrorText } from "./request-error-text";
import { RequestError, submitReport } from "./voting-api";

const quiet = "h-11 px-3 text-slate-600 hover:bg-slate-100 hover:text-slate-900";

/**
 * 'Report' with the original confirmation texts: a quiet secondary action. The server keeps one
 * report per person; once reported (now or before) the button says Reported and is disabled.
 */
export function ReportButton({ surveyId, reported: reportedBefore = false }: { surveyId: string; reported?: boolean }) {
  const t = useTranslations("survey.report");
  const refusals = useTranslations("survey.errors");
  const locale = usePageLocale();
  const [sending, setSending] = useState(false);
  const [reported, setReported] = useState(reportedBefore);

  async function report() {
    setSending(true);
    try {
      await submitReport(surveyId);
      setReported(true);
      toast.success(t("doneTitle"), { description: t("doneDescription") });
    } catch (error) {
      const message = requestErrorText(error, refusals, locale);
      if (error instanceof RequestError && error.status === 409) {
        setReported(true);
        toast.info(t("alreadyTitle"), { description: message });
      } else toast.error(t("error", { message }));
    } finally {
      setSending(false);
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" disabled={sending || reported} className={quiet}>
          {reported ? <Check className="h-4 w-4" aria-hidden="true" /> : <Flag className="h-4 w-4" aria-hidden="true" />}
          {reported ? t("reported") : sending ? t("reporting") : t("button")}
        </Button>
      }
      title={t("confirmTitle")}
      description={t("confirmDescription")}
      action={
        <AlertDialogAction onClick={() => void report()} className="bg-red-700 hover:bg-red-800">
          {t("confirm")}
        </AlertDialogAction>
      }
    />
  );
}
