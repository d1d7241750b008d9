"use client";

import { useRouter } from "next/navigation";
import { useShellTexts } from "@/lib/i18n/shell-texts";
import { startTransition } from "react";
import { Button } from "@/components/ui/button";

/**
 * A dashboard page whose data could not be read (the database is away, a query failed): the
 * message in place of the page, the sidebar kept, and a retry. The server has logged the cause.
 */
export default function DashboardError({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useShellTexts("error");
  const router = useRouter();
  // The failure was on the server: read the page again, then re-render it.
  const retry = () => startTransition(() => {
    router.refresh();
    reset();
  });
  return (
    <div className="space-y-4">
      <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">
        {t("pageNotLoaded")}
      </p>
      <Button variant="outline" onClick={retry}>
        {t("tryAgain")}
      </Button>
    </div>
  );
}
