"use client";

import { Laptop, Loader2, Smartphone } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { requestJson } from "@/lib/api/client";
import { useAccountProblem } from "./use-problem";

export type ListedSession = {
  id: string;
  browser: string;
  os: string;
  createdAt: string;
  signedIn: string;
  lastSeenAt: string;
  lastActive: string;
  current: boolean;
  /** How it signed in, in words ("Password and authenticator app"...); null for sessions from before that was kept. */
  method: string | null;
};

const MOBILE = /\b(iOS|Android|iPadOS)\b/;

/** The person's signed-in browsers; each other one can be signed out, or all of them at once. */
export function SessionsList({ sessions, total }: { sessions: ListedSession[]; total: number }) {
  const router = useRouter();
  const t = useTranslations("account");
  const { problem } = useAccountProblem();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current).length;

  const end = async (key: string, url: string, done: (result: { ended?: number }) => string) => {
    setBusy(key);
    try {
      const result = await requestJson<{ ended?: number }>(url, { method: "DELETE" });
      toast.success(done(result));
      router.refresh();
    } catch (e) {
      toast.error(t("errorToast", { message: problem(e) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="session-list">
        {sessions.map((s) => {
          const Icon = MOBILE.test(s.os) ? Smartphone : Laptop;
          const where = { browser: s.browser, os: s.os };
          return (
            <li key={s.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="session">
              <div className="flex min-w-0 items-start gap-3">
                <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {t("sessions.on", where)}
                    {s.current && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">{t("sessions.thisDevice")}</span>}
                  </p>
                  <p className="text-sm text-slate-600">
                    {t.rich("sessions.signedIn", { date: s.signedIn, time: (chunks) => <time dateTime={s.createdAt}>{chunks}</time> })}
                    {s.method && <span data-testid="session-method"> · {s.method}</span>} ·{" "}
                    {t.rich("sessions.lastActive", { date: s.lastActive, time: (chunks) => <time dateTime={s.lastSeenAt}>{chunks}</time> })}
                  </p>
                </div>
              </div>
              {!s.current && (
                <Button
                  variant="outline"
                  size="sm"
                  className="h-11 self-start sm:h-9 sm:self-auto"
                  disabled={busy !== null}
                  aria-label={t("sessions.signOutLabel", { ...where, lastActive: s.lastActive })}
                  onClick={() => end(s.id, `/api/me/sessions/${s.id}`, () => t("sessions.signedOut", where))}
                >
                  {busy === s.id && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
                  {t("sessions.signOut")}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {total > sessions.length && <p className="text-sm text-slate-600">{t("sessions.showing", { shown: sessions.length, total })}</p>}
      {others > 0 || total > sessions.length ? (
        <Button variant="outline" disabled={busy !== null} onClick={() => end("others", "/api/me/sessions", (r) => t("sessions.endedOthers", { count: r.ended ?? 0 }))}>
          {busy === "others" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {t("sessions.signOutOthers")}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">{t("sessions.onlyHere")}</p>
      )}
    </div>
  );
}
