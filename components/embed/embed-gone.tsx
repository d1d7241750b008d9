"use client";

import { useParams } from "next/navigation";
import { SITE_NAME } from "@/lib/seo";

/**
 * What an embed says in another site's frame when it has no survey to show: one sentence naming the
 * site, and a way to the site's surveys in a new tab. Not the site's error page, whose navigation has
 * no place in a frame. In the frame's theme, read from the route (`/c/embed/{id}/{theme}`), since
 * the not-found and error files it stands in are given no params.
 */
export function EmbedGone({ message, testId }: { message: string; testId: string }) {
  const dark = useParams<{ theme?: string }>()?.theme === "dark";
  return (
    <main
      data-embed
      data-testid={testId}
      className={`flex flex-col gap-3 rounded-xl border p-4 font-sans ${dark ? "border-slate-700 bg-slate-900 text-slate-100" : "border-slate-200 bg-white text-slate-900"}`}
    >
      <p className={`text-xs font-semibold uppercase tracking-wide ${dark ? "text-brand-200" : "text-brand-800"}`}>{SITE_NAME} survey</p>
      <h1 className="text-base font-semibold leading-snug">{message}</h1>
      <a
        href="/surveys"
        target="_blank"
        rel="noopener"
        className={`self-start text-sm font-semibold underline underline-offset-4 ${dark ? "text-brand-200" : "text-brand-700"}`}
      >
        See the surveys on {SITE_NAME}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </main>
  );
}
