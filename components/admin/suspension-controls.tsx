"use client";

import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { StepUpCancelled, useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { MODERATION_REASON_MAX } from "@/lib/moderation/schema";
import { liftSuspension, restoreVotes, suspendUser, voidVotes } from "./admin-api";
import { RowButton } from "./row-button";
import { useAdminProblem } from "./use-problem";

/** A dialog asking why (1–500 characters), for suspending an account or voiding its votes. */
function ReasonDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: string;
  title: string;
  description: string;
  confirm: string;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const t = useTranslations("admin.users.suspension");
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fieldId = `${props.id}-reason`;
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={async (e) => {
            e.preventDefault();
            const text = reason.trim();
            if (!text) return setError(t("reasonRequired"));
            if (text.length > MODERATION_REASON_MAX) return setError(t("reasonTooLong", { max: MODERATION_REASON_MAX }));
            setSending(true);
            try {
              await props.onConfirm(text);
              setReason("");
              setError(null);
              props.onOpenChange(false);
            } finally {
              setSending(false);
            }
          }}
        >
          <DialogHeader>
            <DialogTitle>{props.title}</DialogTitle>
            <DialogDescription>{props.description}</DialogDescription>
          </DialogHeader>
          <div>
            <label htmlFor={fieldId} className="text-sm font-medium">
              {t("reasonLabel")}
            </label>
            <textarea
              id={fieldId}
              rows={4}
              maxLength={MODERATION_REASON_MAX}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${fieldId}-error` : undefined}
              className="mt-1 block w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
            {error && (
              <p id={`${fieldId}-error`} role="alert" className="mt-1 text-sm text-red-800">
                {error}
              </p>
            )}
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => props.onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="destructive" disabled={sending}>
              {sending ? t("working") : props.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * Manage Users' moderation of one account: Suspend (asks why) or, once suspended, Lift suspension,
 * Void votes (asks why) and Restore votes. An account that manages users (an admin) cannot be
 * suspended (lib/moderation/suspension.ts refuses it): it gets no control.
 */
export function SuspensionControls(props: {
  userId: string;
  email: string;
  unsuspendable: boolean;
  suspended: boolean;
  countedVotes: number | null;
  voidedVotes: number | null;
}) {
  const router = useRouter();
  const t = useTranslations("admin.users.suspension");
  const { problem } = useAdminProblem();
  const [dialog, setDialog] = useState<"suspend" | "void" | null>(null);
  const [busy, setBusy] = useState(false);
  // Voiding and restoring votes may ask the admin to confirm their second factor first.
  const { withStepUp, stepUpDialog } = useStepUp();
  if (props.unsuspendable) return <span className="text-sm text-slate-600">{t("adminsExempt")}</span>;

  // A change not made: closed at the step-up (as the admin chose), or refused.
  const failed = (title: string, error: unknown) =>
    error instanceof StepUpCancelled
      ? toast.info(title, { description: t("stepUpCancelled") })
      : toast.error(title, { description: problem(error, { known: (e) => (e.status === 409 ? t("notSuspendedYet") : undefined) }) });

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
      router.refresh();
    } finally {
      setBusy(false);
    }
  };
  const counted = props.countedVotes ?? 0;
  const voided = props.voidedVotes ?? 0;

  return (
    <div className="row-controls">
      {!props.suspended ? (
        <RowButton variant="outline" onClick={() => setDialog("suspend")} aria-label={t("suspendLabel", { email: props.email })}>
          {t("suspend")}
        </RowButton>
      ) : (
        <>
          <RowButton
            variant="outline"
            disabled={busy}
            aria-label={t("liftLabel", { email: props.email })}
            onClick={() =>
              run(async () => {
                try {
                  await liftSuspension(props.userId);
                  toast.success(t("lifted"), { description: t("liftedText", { email: props.email }) });
                } catch (error) {
                  failed(t("notLifted"), error);
                }
              })
            }
          >
            {t("lift")}
          </RowButton>
          <RowButton variant="destructive" disabled={busy || counted === 0} onClick={() => setDialog("void")} aria-label={t("voidLabel", { count: counted, email: props.email })}>
            {t("void", { count: counted })}
          </RowButton>
          {voided > 0 && (
            <RowButton
              variant="outline"
              disabled={busy}
              aria-label={t("restoreLabel", { count: voided, email: props.email })}
              onClick={() =>
                run(async () => {
                  try {
                    const { restored } = await withStepUp(() => restoreVotes(props.userId));
                    toast.success(t("restored"), { description: t("restoredText", { count: restored }) });
                  } catch (error) {
                    failed(t("notRestored"), error);
                  }
                })
              }
            >
              {t("restore", { count: voided })}
            </RowButton>
          )}
        </>
      )}
      <ReasonDialog
        id={`suspend-${props.userId}`}
        open={dialog === "suspend"}
        onOpenChange={(open) => setDialog(open ? "suspend" : null)}
        title={t("suspendTitle")}
        description={t("suspendText", { email: props.email })}
        confirm={t("suspend")}
        onConfirm={(reason) =>
          run(async () => {
            try {
              await suspendUser(props.userId, reason);
              toast.success(t("suspended"), { description: t("suspendedText", { email: props.email }) });
            } catch (error) {
              failed(t("notSuspended"), error);
            }
          })
        }
      />
      <ReasonDialog
        id={`void-${props.userId}`}
        open={dialog === "void"}
        onOpenChange={(open) => setDialog(open ? "void" : null)}
        title={t("voidTitle")}
        description={t("voidText", { count: counted, email: props.email })}
        confirm={t("voidConfirm")}
        onConfirm={(reason) =>
          run(async () => {
            try {
              const { voided: n } = await withStepUp(() => voidVotes(props.userId, reason));
              toast.success(t("voided"), { description: t("voidedText", { count: n }) });
            } catch (error) {
              failed(t("notVoided"), error);
            }
          })
        }
      />
      {stepUpDialog}
    </div>
  );
}
