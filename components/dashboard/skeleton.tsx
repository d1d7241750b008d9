import { Skeleton } from "@/components/ui/skeleton";
import type { Locale } from "@/lib/i18n/types";
import de from "@/messages/dashboard/de.json";
import en from "@/messages/dashboard/en.json";
import es from "@/messages/dashboard/es.json";
import { LocalisedLoadingRegion } from "./loading-region";

// What screen readers hear while a dashboard page loads, in each language. Read from the message files
// here, not through next-intl: these render from loading.tsx files, which get no `[locale]` param (see
// LocalisedLoadingRegion), and the browser picks the language's label.
const labelsOf = (key: keyof typeof en.loading): Record<Locale, string> => ({ en: en.loading[key], es: es.loading[key], de: de.loading[key] });

/** A dashboard page's content while it loads (the sidebar stays: this renders inside the role layout). */
export function DashboardPageSkeleton({ labels = labelsOf("page") }: { labels?: Record<Locale, string> }) {
  return (
    <LocalisedLoadingRegion labels={labels} className="space-y-6">
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
    </LocalisedLoadingRegion>
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
      <DashboardPageSkeleton labels={labelsOf("dashboard")} />
    </div>
  );
}
