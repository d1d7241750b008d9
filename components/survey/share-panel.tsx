"use client";

import { Check, Copy, Download, Share2 } from "lucide-react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";

type Props = {
  url: string;
  title: string;
  links: { email: string; x: string; whatsapp: string };
  qr: { svg: string; png: string; svgDownload: string; pngDownload: string };
  embed: string;
};

const noSubscription = () => () => {};

/** Copies text, and says so for a moment ("Copied"), to sighted and screen-reader users alike. */
function CopyButton({ text, label, copiedLabel = "Copied" }: { text: string; label: string; copiedLabel?: string }) {
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
      <Button type="button" variant="outline" onClick={copy}>
        {copied ? <Check aria-hidden="true" className="h-4 w-4" /> : <Copy aria-hidden="true" className="h-4 w-4" />}
        {copied ? copiedLabel : label}
      </Button>
      <span role="status" className="sr-only">
        {copied ? copiedLabel : ""}
      </span>
      {failed && <span className="text-sm text-red-700">Copying is blocked here: select the text and copy it.</span>}
    </>
  );
}

/**
 * Share a survey: copy its link, the device's own share sheet where there is one, email, X and
 * WhatsApp, a QR code to show or download, and the embed snippet for another site.
 */
export function SharePanel({ url, title, links, qr, embed }: Props) {
  // The server renders without it; the browser shows it where the device has a share sheet.
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === "function",
    () => false,
  );
  const linkClass = "inline-flex min-h-11 items-center rounded-md border border-slate-300 bg-white px-4 text-sm font-medium hover:bg-slate-50";
  return (
    <section aria-labelledby="share-title" className="rounded-xl border border-slate-200 p-6 shadow-sm">
      <h2 id="share-title" className="text-xl font-bold">
        Share this survey
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <CopyButton text={url} label="Copy link" />
        {canShare && (
          <Button type="button" variant="outline" onClick={() => navigator.share({ title, url }).catch(() => {})}>
            <Share2 aria-hidden="true" className="h-4 w-4" />
            Share…
          </Button>
        )}
        <a className={linkClass} href={links.email}>
          Email
        </a>
        <a className={linkClass} href={links.x} target="_blank" rel="noopener noreferrer">
          X<span className="sr-only"> (opens in a new tab)</span>
        </a>
        <a className={linkClass} href={links.whatsapp} target="_blank" rel="noopener noreferrer">
          WhatsApp<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start">
        {/* eslint-disable-next-line @next/next/no-img-element -- an SVG from our own API, not a photo to optimise */}
        <img src={qr.svg} alt={`QR code of the survey's address, ${url}`} width={160} height={160} loading="lazy" className="rounded-md border border-slate-200" />
        <div className="flex flex-wrap gap-2">
          <a className={linkClass} href={qr.svgDownload} download>
            <Download aria-hidden="true" className="mr-2 h-4 w-4" />
            QR code (SVG)
          </a>
          <a className={linkClass} href={qr.pngDownload} download>
            <Download aria-hidden="true" className="mr-2 h-4 w-4" />
            QR code (PNG)
          </a>
        </div>
      </div>
      <details className="mt-6">
        <summary className="cursor-pointer font-medium text-brand-800">Embed on your site</summary>
        <p className="mt-2 text-sm text-slate-700">Paste this where the survey should appear. It shows the question and the live result, with a link to vote here.</p>
        <label htmlFor="embed-snippet" className="sr-only">
          Embed code
        </label>
        <textarea id="embed-snippet" readOnly value={embed} rows={3} className="mt-2 w-full rounded-md border border-slate-300 p-2 font-mono text-xs" />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <CopyButton text={embed} label="Copy embed code" />
        </div>
      </details>
    </section>
  );
}
