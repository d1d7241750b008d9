"use client";

import { usePageLocale } from "@/lib/i18n/shell-texts";
import { useRouter } from "next/navigation";
import { useOptimistic, useTransition, type FormEvent } from "react";
import { CATEGORIES, listHref, normaliseSearch, type ListState } from "@/lib/public-urls";
import { Options } from "@/components/ui/options";
import { localePath } from "@/lib/i18n/locales.mjs";
import type { Category } from "@/models/enums";

/** The controls' words in the page's language, from the list (a server component), so that only they reach the browser. */
export type FilterTexts = {
  searchLabel: string;
  search: string;
  label: string;
  sortBy: string;
  sorts: Record<ListState["sort"], string>;
  category: string;
  categories: Record<Category, string>;
  all: string;
  status: string;
  statuses: { open: string; closed: string };
  apply: string;
  /** Without its ellipsis, which CSS draws: the page's text stays within Latin-1 (app/globals.css). */
  updating: string;
};

const selectClass =
  "h-10 rounded-md border border-slate-300 bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";
const buttonClass = "h-10 rounded-md bg-brand-700 px-4 text-sm font-medium text-white";

/** The view's other choices, for a form that sends one of them: only those not at their default. */
function Kept({ state, keys }: { state: ListState; keys: (keyof ListState)[] }) {
  return keys.map((key) => (state[key] && !(key === "sort" && state.sort === "totalVotes") ? <input key={key} type="hidden" name={key} value={state[key]} /> : null));
}

/**
 * The search, and the sort, category and open/closed controls. They change the URL (so a view can be
 * shared and indexed); the page is rendered on the server. Without JavaScript both forms still work as
 * plain GETs, each keeping the other's choices as hidden fields (a search typed as is is normalised by
 * a redirect). While the new list loads, the selects already show the choice (useOptimistic), a
 * pending note shows beside them, and the old list is dimmed (globals.css, by `data-pending`). Every
 * address is the page's language's (`/es/surveys?…`); a category keeps its value, only its name is translated.
 */
export function SurveyFilters({ state, texts }: { state: ListState; texts: FilterTexts }) {
  const router = useRouter();
  const locale = usePageLocale();
  const [pending, startTransition] = useTransition();
  const [shown, show] = useOptimistic(state, (current: ListState, next: Partial<ListState>) => ({ ...current, ...next }));

  const go = (next: Partial<ListState>) =>
    startTransition(() => {
      show(next);
      router.push(localePath(locale, listHref({ ...state, ...next, page: 1 })), { scroll: false });
    });
  const search = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    go({ q: normaliseSearch(String(new FormData(e.currentTarget).get("q") ?? "")) });
  };

  const action = localePath(locale, "/surveys");
  return (
    <div className="flex flex-col gap-4 md:items-end">
      <form role="search" action={action} method="get" className="flex w-full items-end gap-2 md:w-auto" onSubmit={search}>
        <div className="flex min-w-0 grow flex-col gap-1">
          <label htmlFor="q" className="text-sm font-medium">
            {texts.searchLabel}
          </label>
          <input key={state.q} id="q" name="q" type="search" defaultValue={state.q} maxLength={500} className={`${selectClass} md:w-72`} />
        </div>
        <Kept state={state} keys={["sort", "category", "status"]} />
        <button type="submit" className={buttonClass}>
          {texts.search}
        </button>
      </form>
      <form
        action={action}
        method="get"
        className="flex flex-wrap items-end gap-4"
        aria-label={texts.label}
        data-pending={pending ? "true" : undefined}
      >
        <Kept state={state} keys={["q"]} />
        <div className="flex flex-col gap-1">
          <label htmlFor="sort" className="text-sm font-medium">
            {texts.sortBy}
          </label>
          <select
            id="sort"
            name="sort"
            className={selectClass}
            value={shown.sort}
            onChange={(e) => go({ sort: e.target.value as ListState["sort"] })}
          >
            <option value="totalVotes">{texts.sorts.totalVotes}</option>
            <option value="createdAt">{texts.sorts.createdAt}</option>
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="category" className="text-sm font-medium">
            {texts.category}
          </label>
          <select id="category" name="category" className={selectClass} value={shown.category} onChange={(e) => go({ category: e.target.value })}>
            <option value="">{texts.all}</option>
            <Options values={CATEGORIES} names={texts.categories} />
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="status" className="text-sm font-medium">
            {texts.status}
          </label>
          <select
            id="status"
            name="status"
            className={selectClass}
            value={shown.status}
            onChange={(e) => go({ status: e.target.value as ListState["status"] })}
          >
            <option value="">{texts.all}</option>
            <option value="open">{texts.statuses.open}</option>
            <option value="closed">{texts.statuses.closed}</option>
          </select>
        </div>
        <noscript>
          <button type="submit" className={buttonClass}>
            {texts.apply}
          </button>
        </noscript>
        <p role="status" className="flex h-10 items-center gap-2 text-sm text-slate-600">
          {pending && (
            <>
              <span aria-hidden="true" className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-brand-200 border-t-brand-700" /> <span className="trailing-ellipsis">{texts.updating}</span>
            </>
          )}
        </p>
      </form>
    </div>
  );
}
