"use client";

import { Check, Copy, Download } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";

export const RECOVERY_CODES_FILE = "opinex-recovery-codes.txt";

/** The text file of the codes: what they are for, then one code a line. */
export function recoveryCodesText(codes: string[], email: string): string {
  return [
    `OPINEX recovery codes for ${email}`,
    "Each code signs you in once, in place of a code from your authenticator app.",
    "",
    ...codes,
    "",
  ].join("\n");
}

/**
 * New recovery codes, shown once: a list to copy, a .txt to download, and "I have saved them" to close
 * (the server keeps only their hashes, so this is the one time they can be read). The heading takes
 * the focus, so a screen reader hears what appeared.
 */
export function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied(true);
      toast.success("Recovery codes copied");
    } catch {
      toast.error("Could not copy", { description: "Select the codes and copy them, or download them." });
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([recoveryCodesText(codes, email)], { type: "text/plain;charset=utf-8" }));
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
        Your recovery codes
      </h3>
      <p className="text-sm text-slate-800">
        Each code signs you in once if you lose your phone. Keep them somewhere safe, such as your password manager: they are shown only now, and
        new codes replace these.
      </p>
      <ol className="grid grid-cols-1 gap-x-6 gap-y-1 rounded-md bg-white p-3 font-mono text-sm text-slate-900 min-[360px]:grid-cols-2" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code" className="break-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={copy}>
          {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
          {copied ? "Copied" : "Copy"}
        </Button>
        <Button type="button" variant="outline" onClick={download}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download (.txt)
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved them
        </Button>
      </div>
    </div>
  );
}
