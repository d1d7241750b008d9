"use client";

import { Flag } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { RequestError, submitReport } from "./voting-api";

/** 'Report' with the original confirmation texts; the server keeps one report per person. */
export function ReportButton({ surveyId }: { surveyId: string }) {
  const [sending, setSending] = useState(false);

  async function report() {
    setSending(true);
    try {
      await submitReport(surveyId);
      toast.success("Reported!", { description: "Reported successfully, we will check this survey" });
    } catch (error) {
      const message = error instanceof Error ? error.message : "Something went wrong";
      if (error instanceof RequestError && error.status === 409) toast.info("Already reported", { description: message });
      else toast.error(`Error: ${message}`);
    } finally {
      setSending(false);
    }
  }

  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" disabled={sending} className="border-red-300 text-red-800 hover:bg-red-50">
          <Flag className="h-4 w-4" aria-hidden="true" />
          {sending ? "Reporting..." : "Report"}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Are you sure?</AlertDialogTitle>
          <AlertDialogDescription>Do you really want to report this post?</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => void report()} className="bg-red-700 hover:bg-red-800">
            YES
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
