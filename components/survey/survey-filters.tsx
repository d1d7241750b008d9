"use client";

import { useRouter } from "next/navigation";
import { useOptimistic, useTransition } from "react";
import { CATEGORIES, listHref, type ListState } from "@/lib/public-urls";
import { Loader2 } from "lucide-react";
import { Options } from "@/components/ui/options";

const selectClass =
  "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * Sort and category controls. They change the URL (so a view can be shared and indexed); the page
 * is rendered on the server. Without JavaScript the form still works as a plain GET. While the new
 * list loads, the selects already show the choice (useOptimistic), a pending note shows beside them,
 * and the old list is dimmed (globals.css, by `data-pending`).
 */
export function SurveyFilters({ state }: { state: ListState }) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [shown, show] = useOptimistic(state, (current: ListState, next: Partial<ListState>) => ({ ...current, ...next }));

  const go = (next: Partial<ListState>) =>
    startTransition(() => {
      show(next);
      router.push(listHref({ ...state, ...next, page: 1 }), { scroll: false });
    });

  return (
    <form
      action="/surveys"
      method="get"
      className="flex flex-wrap items-end gap-4"
      aria-label="Sort and filter surveys"
      data-pending={pending ? "true" : undefined}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor="sort" className="text-sm font-medium">
          Sort by
        </label>
        <select
          id="sort"
          name="sort"
          className={selectClass}
          value={shown.sort}
          onChange={(e) => go({ sort: e.target.value as ListState["sort"] })}
        >
          <option value="totalVotes">Most votes</option>
          <option value="createdAt">Newest</option>
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="category" className="text-sm font-medium">
          Category
        </label>
        <select id="category" name="category" className={selectClass} value={shown.category} onChange={(e) => go({ category: e.target.value })}>
          <option value="">All</option>
          <Options values={CATEGORIES} />
        </select>
      </div>
      <noscript>
        <button type="submit" className="h-10 rounded-md bg-brand-700 px-4 text-sm font-medium text-white">
          Apply
        </button>
      </noscript>
      <p role="status" className="flex h-10 items-center gap-2 text-sm text-slate-600">
        {pending && (
          <>
            <Loader2 className="h-4 w-4 animate-spin text-brand-700" aria-hidden="true" /> Updating the list…
          </>
        )}
      </p>
    </form>
  );
}
