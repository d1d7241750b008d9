import Link from "next/link";
import { listHref } from "@/lib/public-urls";
import { SurveyFilters } from "@/components/survey/survey-filters";
import { SurveyGrid } from "@/components/survey/survey-grid";
import { Pagination } from "@/components/ui/pagination";
import { cachedListView } from "@/lib/surveys/cache";
import { listStateOf, type ListView } from "@/lib/surveys/list-view";
import { LIST_PAGE_MAX, LIST_PAGE_SIZE } from "@/lib/surveys/list-schema";
import { FILTERED_COUNT_CAP, SEARCH_COUNT_CAP, SEARCH_PAGE_MAX } from "@/lib/surveys/queries";

/** "12 open surveys in Health", "More than 12,000 surveys", "1 survey": what the view holds. */
function countText(total: number, view: ListView) {
  const cap = view.q ? SEARCH_COUNT_CAP : FILTERED_COUNT_CAP;
  const n = total >= cap ? `More than ${(cap - 1).toLocaleString("en-US")}` : String(total);
  return `${n} ${view.status ? `${view.status} ` : ""}${total === 1 ? "survey" : "surveys"}${view.category ? ` in ${view.category}` : ""}`;
}

/**
 * One view of the public list (the cached pages under app/(site)/c/surveys): its heading and count, the
 * search and the filters, the cards or what to do when there are none, and the pages. Quotation marks
 * around a search are the browser's (`<q>`), so the page stays within Latin-1 (docs/performance.md).
 */
export async function SurveyList({ view }: { view: ListView }) {
  const state = listStateOf(view);
  const { surveys, total } = await cachedListView({ ...view, limit: LIST_PAGE_SIZE });
  // A search shows fewer pages than the list (its count reads its matches: SEARCH_PAGE_MAX).
  const pageMax = view.q ? SEARCH_PAGE_MAX : LIST_PAGE_MAX;
  const pages = Math.min(pageMax, Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)));
  const pastTheEnd = total > 0 && view.page > pages;
  const filtered = view.category || view.status;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold">All Surveys</h1>
          <p className="mt-2 text-slate-600" aria-live="polite">
            {countText(total, view)}
            {view.q && (
              <>
                {total === 1 ? " matches " : " match "}
                <q>{view.q}</q>
              </>
            )}
          </p>
        </div>
        <SurveyFilters state={state} />
      </div>
      <div className="mt-8">
        {/* The cards' titles are third-level headings, as on the home page: keep the outline in order. */}
        <h2 className="sr-only">{view.q ? "Search results" : view.category ? `${view.category} surveys` : "Surveys"}</h2>
        {surveys.length > 0 ? (
          <SurveyGrid surveys={surveys} label="Surveys" />
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center" data-testid="empty-state">
            <p className="text-lg font-medium">
              {pastTheEnd ? (
                `There is no page ${view.page}: this list has ${pages === 1 ? "1 page" : `${pages} pages`}.`
              ) : view.q ? (
                <>
                  No surveys match <q>{view.q}</q>.
                </>
              ) : filtered ? (
                `No ${view.status ? `${view.status} ` : ""}surveys${view.category ? ` in ${view.category}` : ""} yet.`
              ) : (
                "No surveys have been published yet."
              )}
            </p>
            <Link
              href={pastTheEnd ? listHref({ ...state, page: pages }) : view.q ? listHref({ ...state, q: "", page: 1 }) : "/surveys"}
              className="mt-4 inline-block text-brand-700 underline underline-offset-4"
            >
              {pastTheEnd ? `Go to page ${pages}` : view.q ? "Clear the search" : "See all surveys"}
            </Link>
          </div>
        )}
      </div>
      {!pastTheEnd && <Pagination page={view.page} pages={pages} href={(page) => listHref({ ...state, page })} />}
      {total > pageMax * LIST_PAGE_SIZE && view.page === pages && (
        <p className="mt-4 text-center text-sm text-slate-600">
          The list stops at page {pageMax};{" "}
          {view.q ? "add a word or choose a category to narrow the search." : "choose a category or another order to find older surveys."}
        </p>
      )}
    </div>
  );
}
