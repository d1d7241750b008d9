"use client";

import { Loader2 } from "lucide-react";
import { useState } from "react";
import { LinkOutcome } from "@/components/auth/link-outcome";
import { Button } from "@/components/ui/button";

const PREFERENCES = { href: "/dashboard/account#mail", label: "Change your email preferences" };

/**
 * The unsubscribe page's card. Before the press, one neutral question with its button (a POST:
 * opening the link alone, as mail scanners do, changes nothing); after it, what was done, said once.
 */
export function UnsubscribeConfirm({ token, about }: { token: string; about: string }) {
  const [state, setState] = useState<{ kind: "idle" | "sending" | "done" | "error"; message?: string }>({ kind: "idle" });
  const confirm = async () => {
    setState({ kind: "sending" });
    try {
      const response = await fetch(`/api/unsubscribe?token=${encodeURIComponent(token)}`, { method: "POST" });
      const data = (await response.json()) as { message?: string; error?: { message: string } };
      setState(response.ok ? { kind: "done", message: data.message } : { kind: "error", message: data.error?.message ?? "Something went wrong" });
    } catch {
      setState({ kind: "error", message: "Could not reach the server. Check your connection and try again." });
    }
  };
  if (state.kind === "done") {
    return <LinkOutcome tone="success" title="You are unsubscribed" message={state.message ?? `You will no longer receive emails about ${about}.`} actions={[PREFERENCES]} />;
  }
  return (
    <LinkOutcome tone="ask" title="Stop these emails?" message={`Press Unsubscribe to stop emails about ${about}. You can turn them back on from your account page.`}>
      <div className="space-y-3">
        <Button type="button" onClick={confirm} disabled={state.kind === "sending"}>
          {state.kind === "sending" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
          Unsubscribe
        </Button>
        {state.kind === "error" && (
          <p role="alert" className="text-sm text-red-700">
            {state.message}
          </p>
        )}
        <noscript>
          <p className="text-sm text-slate-700">Turn on JavaScript in your browser to press the button.</p>
        </noscript>
      </div>
    </LinkOutcome>
  );
}
