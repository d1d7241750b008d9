import { useTranslations } from "next-intl";
import { CopyButton, NativeShareButton, shareButtonClass } from "./share-buttons";

type Props = {
  /** The survey's address in the page's language: what is copied and shared. */
  url: string;
  /** The address the QR code holds (its image's description says it). */
  qrUrl: string;
  title: string;
  links: { email: string; x: string; whatsapp: string };
  qr: { svg: string; png: string; svgDownload: string; pngDownload: string };
  embed: string;
};

/**
 * Share a survey: copy its link, the device's own share sheet where there is one, email, X and
 * WhatsApp, a QR code to show or download, and the embed snippet for another site. Rendered on the
 * server; only the copy and share buttons run in the browser, given their words translated.
 */
export function SharePanel({ url, qrUrl, title, links, qr, embed }: Props) {
  const t = useTranslations("survey.share");
  const copy = { copiedLabel: t("copied"), blockedLabel: t("copyBlocked") };
  return (
    <section aria-labelledby="share-title" className="rounded-xl border border-slate-200 p-6 shadow-sm">
      <h2 id="share-title" className="text-xl font-bold">
        {t("title")}
      </h2>
      <div className="mt-4 flex flex-wrap items-center gap-2">
        <CopyButton text={url} label={t("copyLink")} {...copy} />
        <NativeShareButton title={title} url={url} label={t("share")} />
        <a className={shareButtonClass} href={links.email}>
          {t("email")}
        </a>
        <a className={shareButtonClass} href={links.x} target="_blank" rel="noopener noreferrer">
          X<span className="sr-only">{t("newTab")}</span>
        </a>
        <a className={shareButtonClass} href={links.whatsapp} target="_blank" rel="noopener noreferrer">
          WhatsApp<span className="sr-only">{t("newTab")}</span>
        </a>
      </div>
      <div className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start">
        {/* eslint-disable-next-line @next/next/no-img-element -- an SVG from our own API, not a photo to optimise */}
        <img src={qr.svg} alt={t("qrAlt", { url: qrUrl })} width={160} height={160} loading="lazy" className="rounded-md border border-slate-200" />
        <div className="flex flex-wrap gap-2">
          <a className={shareButtonClass} href={qr.svgDownload} download>
            {t("qrSvg")}
          </a>
          <a className={shareButtonClass} href={qr.pngDownload} download>
            {t("qrPng")}
          </a>
        </div>
      </div>
      <details className="mt-6">
        <summary className="cursor-pointer font-medium text-brand-800">{t("embedSummary")}</summary>
        <p className="mt-2 text-sm text-slate-700">{t("embedHelp")}</p>
        <label htmlFor="embed-snippet" className="sr-only">
          {t("embedCode")}
        </label>
        <textarea id="embed-snippet" readOnly defaultValue={embed} rows={3} className="mt-2 w-full rounded-md border border-slate-300 p-2 font-mono text-xs" />
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <CopyButton text={embed} label={t("copyEmbed")} {...copy} />
        </div>
      </details>
    </section>
  );
}
