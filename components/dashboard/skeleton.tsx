import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

/** A dashboard page's content while it loads (the sidebar stays: this renders inside the role layout). */
export function DashboardPageSkeleton({ label = "Loading" }: { label?: string }) {
  return (
    <LoadingRegion label={label} className="space-y-6">
      <div>
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="mt-3 h-4 w-96 max-w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <div className="space-y-3 rounded-xl border border-slate-200 p-4">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-6" />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** Entering the dashboard: its sidebar and content shapes inside the site's header and footer. */
export function DashboardSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <div aria-hidden="true">
        <Skeleton className="h-14 rounded-xl md:hidden" />
        <div className="hidden space-y-2 rounded-xl border border-slate-200 p-3 md:block">
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-9" />
          ))}
        </div>
      </div>
      <DashboardPageSkeleton label="Loading your dashboard" />
    </div>
  );
}
