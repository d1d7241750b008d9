"use client";

import { Check, Copy, Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

export const RECOVERY_CODES_FILE = "opinex-recovery-codes.txt";

/** The text file of the codes: whose they are and what they are for (in the page's language), then one code a line. */
export function recoveryCodesText(codes: string[], words: { title: string; hint: string }): string {
  return [words.title, words.hint, "", ...codes, ""].join("\n");
}

/**
 * New recovery codes, shown once: a list to copy, a .txt to download, and "I have saved them" to close
 * (the server keeps only their hashes, so this is the one time they can be read). The heading takes
 * the focus, so a screen reader hears what appeared.
 */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const t = useTranslations("account.recoveryCodes");
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied(true);
      toast.success(t("copied"));
    } catch {
      toast.error(t("copyFailed"), { description: t("copyFailedText") });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, { title: t("fileTitle", { email }), hint: t("fileHint") })], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = RECOVERY_CODES_FILE;
    link.click();
    // After the click has started the download: the address is not needed any more.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="recovery-codes">
      <h3 ref={heading} tabIndex={-1} className="font-semibold text-slate-900 focus:outline-none">
        {t("heading")}
      </h3>
      <p className="text-sm text-slate-800">{t("intro")}</p>
      <ol className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md bg-white p-3 font-mono text-sm text-slate-900 min-[360px]:grid-cols-2" aria-label={t("listLabel")}>
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
          {copied ? t("copiedButton") : t("copy")}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" className="h-4 w-4" />
          {t("download")}
        </Button>
        <Button type="button" onClick={onDone}>
          {t("done")}
        </Button>
      </div>
    </div>
  );
}
