"use client";

import { signOut } from "next-auth/react";
import { useShellTexts } from "@/lib/i18n/shell-texts";
import { useState } from "react";
import { toast } from "sonner";
import { refreshCurrentUser } from "@/components/site/use-current-user";
import { Button } from "@/components/ui/button";
import { useRouter } from "@/lib/i18n/router";

/** Log Out: ends the session, says so, and goes to the home page without a full reload. */
export function SignOutButton({ className }: { className?: string }) {
  const t = useShellTexts("signOut");
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
          toast.error(t("failed"));
          return;
        }
        await refreshCurrentUser();
        toast.success(t("done"));
        router.push("/");
        router.refresh();
      }}
    >
      {t("button")}
    </Button>
  );
}
