import { cn } from "@/lib/utils";

/** A grey placeholder block while something loads (decorative: the loading region says what loads). */
export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("animate-pulse rounded-md bg-slate-200/70", className)} />;
}

/** The region a route shows while it loads: announced once, its placeholders hidden from screen readers. */
export function LoadingRegion({ label, className, children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div role="status" aria-live="polite" aria-busy="true" className={className} data-testid="route-loading">
      <span className="sr-only">{label}</span>
      {children}
    </div>
  );
}
