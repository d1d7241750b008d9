import { LoadingRegion, Skeleton } from "@/components/ui/skeleton";

function CardSkeleton() {
  return (
    <div className="flex h-52 flex-col rounded-xl border border-slate-200 bg-white p-5">
      <div className="flex justify-between">
        <Skeleton className="h-6 w-24 rounded-full" />
        <Skeleton className="h-4 w-20" />
      </div>
      <Skeleton className="mt-4 h-5 w-4/5" />
      <Skeleton className="mt-3 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-3/5" />
      <Skeleton className="mt-auto h-4 w-24" />
    </div>
  );
}

/** The survey list's shape while it loads (header and footer stay: this renders inside the site layout). */
export function SurveyListSkeleton() {
  return (
    <LoadingRegion label="Loading surveys" className="mx-auto max-w-7xl px-4 py-12">
      <Skeleton className="h-9 w-56" />
      <Skeleton className="mt-3 h-5 w-24" />
      <div className="mt-8 grid gap-6 md:grid-cols-3">
        {Array.from({ length: 6 }, (_, i) => (
          <CardSkeleton key={i} />
        ))}
      </div>
    </LoadingRegion>
  );
}

/** A survey page's shape while it loads. */
export function SurveyPageSkeleton() {
  return (
    <LoadingRegion label="Loading the survey" className="mx-auto max-w-3xl px-4 py-12">
      <Skeleton className="h-4 w-24" />
      <div className="mt-4 rounded-xl border border-slate-200 p-6">
        <Skeleton className="h-4 w-28" />
        <Skeleton className="mt-3 h-8 w-4/5" />
        <div className="mt-5 grid gap-2 sm:grid-cols-2">
          <Skeleton className="h-4 w-40" />
          <Skeleton className="h-4 w-44" />
        </div>
        <Skeleton className="mt-5 h-4 w-full" />
        <Skeleton className="mt-2 h-4 w-2/3" />
      </div>
      <div className="mt-14 rounded-xl border border-slate-200 p-6">
        <Skeleton className="h-6 w-2/3" />
        <div className="mt-5 flex gap-4">
          <Skeleton className="h-12 w-32 rounded-lg" />
          <Skeleton className="h-12 w-32 rounded-lg" />
        </div>
        <Skeleton className="mt-6 h-11 w-32" />
      </div>
    </LoadingRegion>
  );
}
