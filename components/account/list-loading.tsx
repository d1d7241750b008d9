"use client";

import { Loader2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";

/**
 * An account page list before it has loaded: its `loading` text ("Loading your passkeys…"), or the
 * reason it could not load with a button to try again.
 */
export function ListLoading({ loading, error, onRetry }: { loading: string; error: string | null; onRetry: () => void }) {
  const t = useTranslations("account.list");
  return error ? (
    <div className="space-y-3">
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
      <Button variant="outline" onClick={onRetry}>
        {t("tryAgain")}
      </Button>
    </div>
  ) : (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
      {loading}
    </p>
  );
}
