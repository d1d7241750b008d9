"use client";

import { useShellTexts } from "@/lib/i18n/shell-texts";
import type { ReactNode } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";

type ConfirmDialogProps = {
  /** The button that opens the dialog. */
  trigger: ReactNode;
  title: ReactNode;
  description: ReactNode;
  /** What stands beside Cancel: the confirming action. */
  action: ReactNode;
  /** Anything asked between the question and the buttons. */
  children?: ReactNode;
  cancelDisabled?: boolean;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Makes the dialog a form, so the confirmation can be refused and the dialog stay open. */
  onSubmit?: (event: React.FormEvent<HTMLFormElement>) => void;
};

/** A question asked before an action, answered with Cancel or the action. */
export function ConfirmDialog({ trigger, title, description, action, children, cancelDisabled, open, onOpenChange, onSubmit }: ConfirmDialogProps) {
  const t = useShellTexts("ui");
  const body = (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription>{description}</AlertDialogDescription>
      </AlertDialogHeader>
      {children}
      <AlertDialogFooter>
        <AlertDialogCancel disabled={cancelDisabled}>{t("cancel")}</AlertDialogCancel>
        {action}
      </AlertDialogFooter>
    </>
  );
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent>
        {onSubmit ? (
          <form onSubmit={onSubmit} noValidate className="grid gap-4">
            {body}
          </form>
        ) : (
          body
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
