"use client";

import { useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { useState } from "react";
import { toast } from "sonner";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { Button } from "@/components/ui/button";

/** Log Out: ends the session, says so, and goes to the home page without a full reload. */
export function SignOutButton({ className }: { className?: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outline"
      size="sm"
      className={className}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        // The API token goes with the session.
        localStorage.removeItem("token");
        try {
          await signOut({ redirect: false });
        } catch {
          setBusy(false);
          toast.error("Error: could not sign you out. Please try again.");
          return;
        }
        await refreshCurrentUser();
        toast.success("You have been signed out");
        router.push("/");
        router.refresh();
      }}
    >
      Log Out
    </Button>
  );
}
