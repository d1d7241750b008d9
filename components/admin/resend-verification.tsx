"use client";

import { useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
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
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-amber-800">Not verified</span>
      <Button type="button" size="sm" variant="outline" onClick={send} disabled={state !== "idle"} aria-label={`Resend the verification email to ${email}`}>
        {state === "sent" ? "Sent" : "Resend email"}
      </Button>
    </div>
  );
}
