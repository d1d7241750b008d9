"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { StepUpCancelled, useStepUp } from "@/components/auth/step-up";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { RequestError } from "@/lib/api/client";
import { MODERATION_REASON_MAX } from "@/lib/moderation/schema";
import { liftSuspension, restoreVotes, suspendUser, voidVotes } from "./admin-api";
import { RowButton } from "./row-button";

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const failed = (title: string, error: unknown) =>
  error instanceof StepUpCancelled
    ? toast.info(title, { description: "It needs your second step: nothing was changed." })
    : toast.error(title, { description: error instanceof RequestError ? error.message : "Something went wrong. Please try again." });

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
            if (!text) return setError("Give a reason.");
            if (text.length > MODERATION_REASON_MAX) return setError(`The reason must be at most ${MODERATION_REASON_MAX} characters.`);
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
              Reason (kept in the audit trail)
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
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={sending}>
              {sending ? "Working..." : props.confirm}
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
  const [dialog, setDialog] = useState<"suspend" | "void" | null>(null);
  const [busy, setBusy] = useState(false);
  // Voiding and restoring votes may ask the admin to confirm their second factor first.
  const { withStepUp, stepUpDialog } = useStepUp();
  if (props.unsuspendable) return <span className="text-sm text-slate-600">Admins cannot be suspended</span>;

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
        <RowButton variant="outline" onClick={() => setDialog("suspend")} aria-label={`Suspend ${props.email}`}>
          Suspend
        </RowButton>
      ) : (
        <>
          <RowButton
            variant="outline"
            disabled={busy}
            aria-label={`Lift the suspension of ${props.email}`}
            onClick={() =>
              run(async () => {
                try {
                  await liftSuspension(props.userId);
                  toast.success("Suspension lifted", { description: `${props.email} can sign in again.` });
                } catch (error) {
                  failed("Not lifted", error);
                }
              })
            }
          >
            Lift suspension
          </RowButton>
          <RowButton variant="destructive" disabled={busy || counted === 0} onClick={() => setDialog("void")} aria-label={`Void the ${plural(counted, "vote")} of ${props.email}`}>
            Void votes ({counted})
          </RowButton>
          {voided > 0 && (
            <RowButton
              variant="outline"
              disabled={busy}
              aria-label={`Restore the ${plural(voided, "voided vote")} of ${props.email}`}
              onClick={() =>
                run(async () => {
                  try {
                    const { restored } = await withStepUp(() => restoreVotes(props.userId));
                    toast.success("Votes restored", { description: `${plural(restored, "vote")} counted again.` });
                  } catch (error) {
                    failed("Not restored", error);
                  }
                })
              }
            >
              Restore votes ({voided})
            </RowButton>
          )}
        </>
      )}
      <ReasonDialog
        id={`suspend-${props.userId}`}
        open={dialog === "suspend"}
        onOpenChange={(open) => setDialog(open ? "suspend" : null)}
        title="Suspend this account"
        description={`${props.email} will be signed out everywhere at once and cannot sign in until the suspension is lifted.`}
        confirm="Suspend"
        onConfirm={(reason) =>
          run(async () => {
            try {
              await suspendUser(props.userId, reason);
              toast.success("Account suspended", { description: `${props.email} is signed out everywhere.` });
            } catch (error) {
              failed("Not suspended", error);
            }
          })
        }
      />
      <ReasonDialog
        id={`void-${props.userId}`}
        open={dialog === "void"}
        onOpenChange={(open) => setDialog(open ? "void" : null)}
        title="Void this account's votes"
        description={`The ${plural(counted, "vote")} of ${props.email} will leave every count; the surveys say how many votes were voided after review. You can restore them later.`}
        confirm="Void votes"
        onConfirm={(reason) =>
          run(async () => {
            try {
              const { voided: n } = await withStepUp(() => voidVotes(props.userId, reason));
              toast.success("Votes voided", { description: `${plural(n, "vote")} voided.` });
            } catch (error) {
              failed("Not voided", error);
            }
          })
        }
      />
      {stepUpDialog}
    </div>
  );
}
