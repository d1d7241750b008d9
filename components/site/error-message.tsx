"use client";

import { usePageHref, useShellTexts } from "@/lib/i18n/shell-texts";

// An error boundary ships with every page below it, so this uses the default Button's classes on a
// plain button rather than the Button component (class-variance-authority, tailwind-merge, Radix Slot),
// and draws no frame of its own: the boundaries of the site's groups ((site), (auth)) sit inside their
// layout's frame. Drawing the frame here (SiteShell in a client module) put the navigation and its
// dependencies into every page's first-load JavaScript again (6.9 kB gzip): the bundler gives a
// boundary a chunk of its own, with its own copy of what it imports. So the way out is a plain link
// (a whole new page is what a failed one wants anyway), not next/link.
const buttonClass =
  "inline-flex h-10 items-center justify-center gap-2 whitespace-nowrap rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/** A page that failed to render: what happened, try again, or go to the surveys. Texts from `client.error`. */
export function ErrorMessage({ reset }: { reset: () => void }) {
  const t = useShellTexts("error");
  const href = usePageHref();
  return (
    <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <p className="text-slate-600">{t("body")}</p>
      <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-3">
        <button type="button" className={buttonClass} onClick={reset}>
          {t("tryAgain")}
        </button>
        <a href={href("/surveys")} className="font-medium text-brand-700 underline-offset-4 hover:underline">
          {t("browseSurveys")}
        </a>
      </div>
    </div>
  );
}
