"use client";

import { Loader2 } from "lucide-react";
import Link from "next/link";
import { useState } from "react";
import { RequestError, sendJson } from "@/lib/api/client";
import { Button } from "@/components/ui/button";

/**
 * "Resend the email": a new verification link for the signed-in person. Says what happened in place
 * (sent, already verified, the hourly limit), and asks a signed-out visitor to sign in first.
 */
export function ResendVerification({
  callbackPath = "/dashboard",
  continueTo,
  variant = "outline",
}: {
  callbackPath?: string;
  /** Where the new mail's verified page sends the person on (a survey with their answer). */
  continueTo?: string;
  variant?: "outline" | "default";
}) {
  const [state, setState] = useState<{ kind: "idle" | "sending" | "sent" | "error" | "signed-out"; message?: string }>({ kind: "idle" });
  const send = async () => {
    setState({ kind: "sending" });
    try {
      const result = await sendJson<{ message: string }>("/api/me/verification-email", continueTo ? { callbackUrl: continueTo } : {});
      setState({ kind: "sent", message: result.message });
    } catch (error) {
      if (error instanceof RequestError && error.status === 401) return setState({ kind: "signed-out" });
      setState({ kind: "error", message: error instanceof Error ? error.message : "Something went wrong" });
    }
  };
  return (
    <div className="space-y-2">
      <Button type="button" variant={variant} onClick={send} disabled={state.kind === "sending" || state.kind === "sent"}>
        {state.kind === "sending" && <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />}
        {state.kind === "sent" ? "Email sent" : "Resend the email"}
      </Button>
      <p role="status" className="text-sm text-slate-700">
        {state.kind === "sent" && state.message}
        {state.kind === "error" && <span className="text-red-700">{state.message}</span>}
        {state.kind === "signed-out" && (
          <>
            <Link href={`/login?callbackUrl=${encodeURIComponent(callbackPath)}`} className="font-medium text-brand-700 underline">
              Login
            </Link>{" "}
            first, then ask for a new link.
          </>
        )}
      </p>
    </div>
  );
}

/**
 * The notice a signed-in person with an unverified address sees (survey page, dashboard). `continueTo`:
 * the page to come back to once verified (a survey with the answer chosen), where the code page goes on.
 */
export function VerifyEmailNotice({ email, message, callbackPath, continueTo }: { email?: string; message: string; callbackPath?: string; continueTo?: string }) {
  return (
    <div role="region" aria-label="Verify your email address" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">{message}</p>
      <p className="mt-1 text-sm">
        We sent a link and a six-digit code to {email ? <strong className="break-all">{email}</strong> : "your email address"}. Open the link, or{" "}
        <Link href={continueTo ? `/check-inbox?callbackUrl=${encodeURIComponent(continueTo)}` : "/check-inbox"} className="font-medium underline">
          type the code
        </Link>
        ; check your spam folder if you cannot find the email.
      </p>
      <div className="mt-3">
        <ResendVerification callbackPath={callbackPath} continueTo={continueTo} />
      </div>
    </div>
  );
}
