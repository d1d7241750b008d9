"use client";

import { Laptop, Loader2, Smartphone } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { RequestError, requestJson } from "@/lib/api/client";
import { signInMethodWords } from "@/lib/accounts/sign-in-method";

export type ListedSession = {
  id: string;
  browser: string;
  os: string;
  createdAt: string;
  signedIn: string;
  lastSeenAt: string;
  lastActive: string;
  current: boolean;
  /** How it signed in ("password+totp"...), null for sessions from before that was kept. */
  signInMethod: string | null;
};

const MOBILE = /\b(iOS|Android|iPadOS)\b/;
const failure = (e: unknown) => (e instanceof RequestError ? e.message : "Something went wrong. Please try again.");

/** The person's signed-in browsers; each other one can be signed out, or all of them at once. */
export function SessionsList({ sessions, total }: { sessions: ListedSession[]; total: number }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const others = sessions.filter((s) => !s.current).length;

  const end = async (key: string, url: string, done: (result: { ended?: number }) => string) => {
    setBusy(key);
    try {
      const result = await requestJson<{ ended?: number }>(url, { method: "DELETE" });
      toast.success(done(result));
      router.refresh();
    } catch (e) {
      toast.error(`Error: ${failure(e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200" data-testid="session-list">
        {sessions.map((s) => {
          const Icon = MOBILE.test(s.os) ? Smartphone : Laptop;
          const method = signInMethodWords(s.signInMethod);
          return (
            <li key={s.id} className="flex flex-col gap-3 p-3 sm:flex-row sm:items-center sm:justify-between" data-testid="session">
              <div className="flex min-w-0 items-start gap-3">
                <Icon aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-slate-500" />
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {s.browser} on {s.os}
                    {s.current && <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">This device</span>}
                  </p>
                  <p className="text-sm text-slate-600">
                    Signed in <time dateTime={s.createdAt}>{s.signedIn}</time>
                    {method && <span data-testid="session-method"> · {method}</span>} · Last active <time dateTime={s.lastSeenAt}>{s.lastActive}</time>
                  </p>
                </div>
              </div>
              {!s.current && (
                <Button
                  variant="outline"
                  size="sm"
                  className="h-11 self-start sm:h-9 sm:self-auto"
                  disabled={busy !== null}
                  aria-label={`Sign out ${s.browser} on ${s.os}, last active ${s.lastActive}`}
                  onClick={() => end(s.id, `/api/me/sessions/${s.id}`, () => `Signed out ${s.browser} on ${s.os}`)}
                >
                  {busy === s.id && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
                  Sign out
                </Button>
              )}
            </li>
          );
        })}
      </ul>
      {total > sessions.length && (
        <p className="text-sm text-slate-600">
          Showing the {sessions.length} most recently used of {total} sessions. Sign out everywhere else to end them all.
        </p>
      )}
      {others > 0 || total > sessions.length ? (
        <Button
          variant="outline"
          disabled={busy !== null}
          onClick={() =>
            end("others", "/api/me/sessions", (r) => (r.ended === 1 ? "Signed out 1 other session" : `Signed out ${r.ended ?? 0} other sessions`))
          }
        >
          {busy === "others" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          Sign out everywhere else
        </Button>
      ) : (
        <p className="text-sm text-slate-600">You are signed in on this device only.</p>
      )}
    </div>
  );
}
