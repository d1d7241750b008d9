"use client";

import { useTranslations } from "next-intl";
import { useParams } from "next/navigation";
import { localePath } from "@/lib/i18n/locales.mjs";

type Reason = "gone" | "failed";

/**
 * What an embed says in another site's frame when it has no survey to show: one sentence naming the
 * site, and a way to the site's surveys in a new tab. Not the site's error page, whose navigation has
 * no place in a frame. In the frame's theme and language, read from the route
 * (`/{locale}/c/embed/{id}/{theme}`), since the not-found and error files it stands in are given no params.
 */
export function EmbedGone({ reason, testId }: { reason: Reason; testId: string }) {
  const t = useTranslations("survey.embed");
  const params = useParams<{ theme?: string; locale?: string }>();
  const dark = params?.theme === "dark";
  return (
    <main
      data-embed
      data-testid={testId}
      className={`flex flex-col gap-3 rounded-xl border p-4 font-sans ${dark ? "border-slate-700 bg-slate-900 text-slate-100" : "border-slate-200 bg-white text-slate-900"}`}
    >
      <p className={`text-xs font-semibold uppercase tracking-wide ${dark ? "text-brand-200" : "text-brand-800"}`}>{t("eyebrow")}</p>
      <h1 className="text-base font-semibold leading-snug">{t(reason)}</h1>
      <a
        href={localePath(params?.locale ?? "en", "/surveys")}
        target="_blank"
        rel="noopener"
        className={`self-start text-sm font-semibold underline underline-offset-4 ${dark ? "text-brand-200" : "text-brand-700"}`}
      >
        {t("seeSurveys")}
        <span className="sr-only">{t("newTab")}</span>
      </a>
    </main>
  );
}
