"use client";

import { Check, Flag } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { AlertDialogAction } from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { RequestError, submitReport } from "./voting-api";

const quiet = "h-11 px-3 text-slate-600 hover:bg-slate-100 hover:text-slate-900";

/**
 * 'Report' with the original confirmation texts: a quiet secondary action. The server keeps one
 * report per person; once reported (now or before) the button says Reported and is disabled.
 */
export function ReportButton({ surveyId, reported: reportedBefore = false }: { surveyId: string; reported?: boolean }) {
  const [sending, setSending] = useState(false);
  const [reported, setReported] = useState(reportedBefore);

  async function report() {
    setSending(true);
    try {
      await submitReport(surveyId);
      setReported(true);
      toast.success("Reported!", { description: "Reported successfully, we will check this survey" });
    } catch (error) {
      const message = error instanceof Error ? error.message : "Something went wrong";
      if (error instanceof RequestError && error.status === 409) {
        setReported(true);
        toast.info("Already reported", { description: message });
      } else toast.error(`Error: ${message}`);
    } finally {
      setSending(false);
    }
  }

  return (
    <ConfirmDialog
      trigger={
        <Button variant="ghost" size="sm" disabled={sending || reported} className={quiet}>
          {reported ? <Check className="h-4 w-4" aria-hidden="true" /> : <Flag className="h-4 w-4" aria-hidden="true" />}
          {reported ? "Reported" : sending ? "Reporting..." : "Report"}
        </Button>
      }
      title="Are you sure?"
      description="Do you really want to report this post?"
      action={
        <AlertDialogAction onClick={() => void report()} className="bg-red-700 hover:bg-red-800">
          YES
        </AlertDialogAction>
      }
    />
  );
}
