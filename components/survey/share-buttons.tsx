"use client";

import { useEffect, useState, useSyncExternalStore } from "react";

// The share panel's two interactive buttons, kept tiny (plain elements, no icon or class libraries):
// they are the only script the panel adds to a public survey page.

export const shareButtonClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * Copies text, and says so for a moment ("Copied"), to sighted and screen-reader users alike. Its words
 * come translated from the server component that renders it (`blockedLabel`: when the browser refuses).
 */
export function CopyButton({ text, label, copiedLabel, blockedLabel }: { text: string; label: string; copiedLabel: string; blockedLabel: string }) {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setFailed(false);
      setCopied(true);
    } catch {
      setFailed(true);
    }
  };
  return (
    <>
      <button type="button" className={shareButtonClass} onClick={copy}>
        {copied ? copiedLabel : label}
      </button>
      <span role="status" className="sr-only">
        {copied ? copiedLabel : ""}
      </span>
      {failed && <span className="text-sm text-red-700">{blockedLabel}</span>}
    </>
  );
}

const noSubscription = () => () => {};

/** The device's own share sheet (Web Share API), shown only where there is one; `label` is its "Share…". */
export function NativeShareButton({ title, url, label }: { title: string; url: string; label: string }) {
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === "function",
    () => false,
  );
  if (!canShare) return null;
  return (
    <button type="button" className={shareButtonClass} onClick={() => navigator.share({ title, url }).catch(() => {})}>
      {label}
    </button>
  );
}
