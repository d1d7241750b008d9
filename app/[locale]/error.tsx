"use client";

import { useTranslations } from "next-intl";
import { SiteShell } from "@/components/site/site-shell";
import { Link } from "@/lib/i18n/navigation";

// The error boundary ships with every page, so it uses the default Button's classes on a plain
// button rather than the Button component (class-variance-authority, tailwind-merge, Radix Slot).
const buttonClass =
  "inline-flex h-10 items-center justify-center gap-2 whitespace-nowrap rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600";

/**
 * A page that failed to render. It stands in for the layouts below the root one, the site's frame
 * among them, so it draws that frame again (navigation, the one <main>, the footer's short line: the
 * full footer is a server component) around the message. Its texts are in `client`, which the root
 * layout's island hands to everything below it, this boundary included.
 */
export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations("client.error");
  return (
    <SiteShell compactFooter>
      <div className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
        <h1 className="text-2xl font-semibold">{t("title")}</h1>
        <p className="text-slate-600">{t("body")}</p>
        <div className="flex flex-wrap items-center justify-center gap-x-6 gap-y-3">
          <button type="button" className={buttonClass} onClick={reset}>
            {t("tryAgain")}
          </button>
          <Link href="/surveys" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            {t("browseSurveys")}
          </Link>
        </div>
      </div>
    </SiteShell>
  );
}
