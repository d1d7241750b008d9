"use client";

import { Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

/** Confirms an unsubscribe link (a POST: opening the link alone, as mail scanners do, changes nothing). */
export function UnsubscribeButton({ token }: { token: string }) {
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
    return (
      <p role="status" className="text-green-800">
        {state.message}
      </p>
    );
  }
  return (
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
    </div>
  );
}
