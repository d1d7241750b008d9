"use client";

import * as DialogPrimitive from "@radix-ui/react-dialog";
import { X } from "lucide-react";
import { useShellTexts } from "@/lib/i18n/shell-texts";
import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

// A panel sliding in from a screen edge, on Radix's dialog: Escape and a tap outside close it, focus
// stays inside while it is open and returns to whatever opened it.
const Sheet = DialogPrimitive.Root;
const SheetTrigger = DialogPrimitive.Trigger;
const SheetClose = DialogPrimitive.Close;

const sides = {
  right: "inset-y-0 right-0 h-full w-[min(20rem,calc(100%-3rem))] border-l",
  left: "inset-y-0 left-0 h-full w-[min(20rem,calc(100%-3rem))] border-r",
};

/**
 * Where focus goes when a sheet opens: its first link. Radix leaves links out when it picks the first
 * thing to focus, which put it on the first button instead (the phone menu's Log Out, where Enter
 * right after opening signed the person out); a sheet without links keeps Radix's choice.
 */
function focusFirstLink(event: Event) {
  const first = event.currentTarget instanceof HTMLElement ? event.currentTarget.querySelector<HTMLElement>("a[href]") : null;
  if (!first) return;
  event.preventDefault();
  first.focus();
}

function SheetContent({
  className,
  children,
  side = "right",
  closeLabel,
  onOpenAutoFocus,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content> & { side?: keyof typeof sides; closeLabel?: string }) {
  const t = useShellTexts("ui");
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
      <DialogPrimitive.Content
        className={cn("fixed z-50 flex flex-col gap-4 overflow-y-auto border-slate-200 bg-white p-4 shadow-xl", sides[side], className)}
        onOpenAutoFocus={(event) => {
          onOpenAutoFocus?.(event);
          if (!event.defaultPrevented) focusFirstLink(event);
        }}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute right-2 top-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900">
          <X className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">{closeLabel ?? t("close")}</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn("pr-12 text-base font-semibold text-slate-900", className)} {...props} />;
}

function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn("text-sm text-slate-600", className)} {...props} />;
}

export { Sheet, SheetTrigger, SheetClose, SheetContent, SheetTitle, SheetDescription };
