import Link from "next/link";
import { listHref, type ListState } from "@/components/survey/list-href";
import { cn } from "@/lib/utils";

const linkClass = "rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50";

export function Pagination({ state, page, pages }: { state: ListState; page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link href={listHref({ ...state, page: page - 1 })} rel="prev" className={linkClass}>
          Previous
        </Link>
      ) : (
        <span className={cn(linkClass, "border-slate-200 text-slate-500 hover:bg-transparent")} aria-hidden="true">
          Previous
        </span>
      )}
      <span className="text-sm text-slate-700" aria-current="page">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link href={listHref({ ...state, page: page + 1 })} rel="next" className={linkClass}>
          Next
        </Link>
      ) : (
        <span className={cn(linkClass, "border-slate-200 text-slate-500 hover:bg-transparent")} aria-hidden="true">
          Next
        </span>
      )}
    </nav>
  );
}
