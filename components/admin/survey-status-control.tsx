"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { FEEDBACK_MAX } from "@/lib/moderation/schema";
import { SURVEY_STATUSES, type SurveyStatus } from "@/models/enums";
import { updateSurveyStatus } from "./admin-api";
import { RowSelect } from "./row-select";

/**
 * One row's Status select and Update button. Publishing is sent at once; unpublishing first asks for
 * the feedback the surveyor will read (empty or cancelled → 'Not update!', nothing sent). Whenever
 * nothing changed (cancelled, no feedback, refused), the select goes back to the survey's status.
 */
export function SurveyStatusControl({ surveyId, title, status }: { surveyId: string; title: string; status: SurveyStatus }) {
  const router = useRouter();
  const t = useTranslations("admin");
  const names = Object.fromEntries(SURVEY_STATUSES.map((s) => [s, t(`statuses.${s}`)])) as Record<SurveyStatus, string>;
  const [value, setValue] = useState<SurveyStatus>(status);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [sending, setSending] = useState(false);
  const selectId = `status-${surveyId}`;

  const send = async (feedbackMessage?: string) => {
    setSending(true);
    try {
      const { modifiedCount } = await updateSurveyStatus({ id: surveyId, status: value, feedbackMessage });
      if (modifiedCount > 0) {
        toast.success(t("surveys.status.updated"), { description: t("surveys.status.updatedText") });
        setMessage("");
        router.refresh();
      } else {
        setValue(status);
        toast.error(t("surveys.status.failed"), { description: t("surveys.status.failedText") });
      }
    } catch {
      setValue(status);
      toast.error(t("surveys.status.failed"), { description: t("surveys.status.failedText") });
    } finally {
      setSending(false);
    }
  };

  const notUpdated = () => {
    setValue(status);
    toast.info(t("surveys.status.notUpdated"), { description: t("surveys.status.feedbackRequired") });
  };

  const update = () => {
    if (value === "unpublish") setDialogOpen(true);
    else void send();
  };

  const submitFeedback = () => {
    setDialogOpen(false);
    const feedback = message.trim();
    if (!feedback) notUpdated();
    else void send(feedback);
  };

  return (
    <RowSelect
      id={selectId}
      label={t("surveys.status.label", { title })}
      options={SURVEY_STATUSES}
      names={names}
      select={{ value, onChange: (e) => setValue(e.target.value as SurveyStatus) }}
      action={{
        text: sending ? t("surveys.status.updating") : t("surveys.status.update"),
        label: t("surveys.status.updateLabel", { title }),
        onClick: update,
        disabled: sending,
      }}
    >
      <Dialog
        open={dialogOpen}
        onOpenChange={(open) => {
          // Closing without sending (Cancel, Escape, the close button, a click outside) is a cancel.
          if (!open && dialogOpen) notUpdated();
          setDialogOpen(open);
        }}
      >
        <DialogContent>
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              submitFeedback();
            }}
          >
            <DialogHeader>
              <DialogTitle>{t("surveys.status.dialogTitle")}</DialogTitle>
              <DialogDescription>{t("surveys.status.dialogText", { title })}</DialogDescription>
            </DialogHeader>
            <div>
              <label htmlFor={`feedback-${surveyId}`} className="text-sm font-medium">
                {t("surveys.status.message")}
              </label>
              <textarea
                id={`feedback-${surveyId}`}
                rows={5}
                maxLength={FEEDBACK_MAX}
                placeholder={t("surveys.status.placeholder")}
                className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
                value={message}
                onChange={(e) => setMessage(e.target.value)}
              />
            </div>
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => { setDialogOpen(false); notUpdated(); }}>
                {t("surveys.status.cancel")}
              </Button>
              <Button type="submit">{t("surveys.status.send")}</Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </RowSelect>
  );
}
