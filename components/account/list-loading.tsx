"use client";

import { Loader2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/**
 * An account page list before it has loaded: "Loading your {what}…", or the reason it could not load
 * with a button to try again.
 */
export function ListLoading({ what, error, onRetry }: { what: string; error: string | null; onRetry: () => void }) {
  return error ? (
    <div className="space-y-3">
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  ) : (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
      Loading your {what}…
    </p>
  );
}
