"use client";

import { useState } from "react";
import { toast } from "sonner";
import { RowButton } from "./row-button";
import { RequestError } from "@/lib/api/client";
import { resendVerification } from "./admin-api";

/** "Not verified", and a button that mails the account a new verification link. */
export function ResendVerificationAsAdmin({ userId, email }: { userId: string; email: string }) {
  const [state, setState] = useState<"idle" | "sending" | "sent">("idle");
  const send = async () => {
    setState("sending");
    try {
      const { message } = await resendVerification(userId);
      toast.success("Email sent", { description: message });
      setState("sent");
    } catch (error) {
      toast.error("Not sent", { description: error instanceof RequestError ? error.message : "Please try again." });
      setState("idle");
    }
  };
  return (
    <div className="row-controls">
      <span className="text-amber-800">Not verified</span>
      <RowButton variant="outline" onClick={send} disabled={state !== "idle"} aria-label={`Resend the verification email to ${email}`}>
        {state === "sent" ? "Sent" : "Resend email"}
      </RowButton>
    </div>
  );
}
