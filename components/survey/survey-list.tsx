import { getTranslations } from "next-intl/server";
import { listHref } from "@/lib/public-urls";
import { SurveyFilters, type FilterTexts } from "@/components/survey/survey-filters";
import { SurveyGrid } from "@/components/survey/survey-grid";
import { Pagination } from "@/components/ui/pagination";
import { Link } from "@/lib/i18n/link";
import { cachedListView } from "@/lib/surveys/cache";
import { listStateOf, type ListView } from "@/lib/surveys/list-view";
import { LIST_PAGE_MAX, LIST_PAGE_SIZE } from "@/lib/surveys/list-schema";
import { FILTERED_COUNT_CAP, SEARCH_COUNT_CAP, SEARCH_PAGE_MAX } from "@/lib/surveys/queries";
import { CATEGORIES } from "@/models/enums";

type Translate = Awaited<ReturnType<typeof getTranslations<"surveys">>>;

/** "12 open surveys in Health", "More than 12,000 surveys", "1 survey": what the view holds. */
function countText(t: Translate, total: number, view: ListView) {
  const cap = view.q ? SEARCH_COUNT_CAP : FILTERED_COUNT_CAP;
  const n = total >= cap ? t("list.moreThan", { count: cap - 1 }) : t("list.number", { total });
  const status = view.status ?? "";
  return view.category
    ? t("list.countInCategory", { n, status, total, category: t(`categories.${view.category}`) })
    : t("list.count", { n, status, total });
}

/** The texts of the search and the filters, a client component: only these reach the browser. */
function filterTexts(t: Translate): FilterTexts {
  return {
    searchLabel: t("filters.searchLabel"),
    search: t("filters.search"),
    label: t("filters.label"),
    sortBy: t("filters.sortBy"),
    sorts: { totalVotes: t("filters.sorts.totalVotes"), createdAt: t("filters.sorts.createdAt") },
    category: t("filters.category"),
    categories: Object.fromEntries(CATEGORIES.map((category) => [category, t(`categories.${category}`)])) as FilterTexts["categories"],
    all: t("filters.all"),
    status: t("filters.status"),
    statuses: { open: t("filters.statuses.open"), closed: t("filters.statuses.closed") },
    apply: t("filters.apply"),
    updating: t("filters.updating"),
  };
}

/**
 * One view of the public list (the cached pages under app/[locale]/(site)/c/surveys): its heading and count, the
 * search and the filters, the cards or what to do when there are none, and the pages. Quotation marks
 * around a search are the browser's (`<q>`, in the page's language), so the page stays within Latin-1
 * (docs/performance.md).
 */
export async function SurveyList({ view }: { view: ListView }) {
  const t = await getTranslations("surveys");
  const state = listStateOf(view);
  const { surveys, total } = await cachedListView({ ...view, limit: LIST_PAGE_SIZE });
  // A search shows fewer pages than the list (its count reads its matches: SEARCH_PAGE_MAX).
  const pageMax = view.q ? SEARCH_PAGE_MAX : LIST_PAGE_MAX;
  const pages = Math.min(pageMax, Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)));
  const pastTheEnd = total > 0 && view.page > pages;
  const filtered = view.category || view.status;
  const category = view.category ? t(`categories.${view.category}`) : "";
  const status = view.status ?? "";
  // What was searched for is the visitor's own words: quoted by the browser, never translated.
  const quoted = (chunks: React.ReactNode) => <q translate="no">{chunks}</q>;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold">{t("list.title")}</h1>
          <p className="mt-2 text-slate-600" aria-live="polite">
            {view.q ? t.rich("list.searchCount", { count: countText(t, total, view), total, q: view.q, quote: quoted }) : countText(t, total, view)}
          </p>
        </div>
        <SurveyFilters state={state} texts={filterTexts(t)} />
      </div>
      <div className="mt-8">
        {/* The cards' titles are third-level headings, as on the home page: keep the outline in order. */}
        <h2 className="sr-only">{view.q ? t("list.heading.search") : view.category ? t("list.heading.category", { category }) : t("list.heading.all")}</h2>
        {surveys.length > 0 ? (
          <SurveyGrid surveys={surveys} label={t("list.gridLabel")} />
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center" data-testid="empty-state">
            <p className="text-lg font-medium">
              {pastTheEnd
                ? t("list.empty.pastTheEnd", { page: String(view.page), pages })
                : view.q
                  ? t.rich("list.empty.noMatch", { q: view.q, quote: quoted })
                  : filtered
                    ? view.category
                      ? t("list.empty.filteredInCategory", { status, category })
                      : t("list.empty.filtered", { status })
                    : t("list.empty.none")}
            </p>
            <Link
              href={pastTheEnd ? listHref({ ...state, page: pages }) : view.q ? listHref({ ...state, q: "", page: 1 }) : "/surveys"}
              className="mt-4 inline-block text-brand-700 underline underline-offset-4"
            >
              {pastTheEnd ? t("list.empty.goToPage", { page: String(pages) }) : view.q ? t("list.empty.clearSearch") : t("list.empty.seeAll")}
            </Link>
          </div>
        )}
      </div>
      {!pastTheEnd && <Pagination page={view.page} pages={pages} href={(page) => listHref({ ...state, page })} />}
      {total > pageMax * LIST_PAGE_SIZE && view.page === pages && (
        <p className="mt-4 text-center text-sm text-slate-600">{t(view.q ? "list.stops.search" : "list.stops.list", { page: String(pageMax) })}</p>
      )}
    </div>
  );
}
