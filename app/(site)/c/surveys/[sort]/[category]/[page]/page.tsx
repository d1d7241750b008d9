import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { listHref, type ListState } from "@/lib/public-urls";
import { SurveyFilters } from "@/components/survey/survey-filters";
import { SurveyGrid } from "@/components/survey/survey-grid";
import { Pagination } from "@/components/ui/pagination";
import { cachedSurveyCount, cachedSurveyList } from "@/lib/surveys/cache";
import { pageMetadata } from "@/lib/seo";
import { LIST_PAGE_MAX, LIST_PAGE_SIZE, SURVEY_SORTS, type SurveySort } from "@/lib/surveys/list-schema";
import { CATEGORIES, type Category } from "@/models/enums";

// One view of `/surveys?sort=&category=&page=` (mapped here by the server, see
// lib/public-rewrites.mjs): a cached page per view, generated on its first request (never at
// build time) and refreshed by the tags of the data it reads.
export const revalidate = 60; // PAGE_SAFETY_NET_SECONDS (a literal: Next reads it from the source)
export async function generateStaticParams() {
  return [];
}

type Params = Promise<{ sort: string; category: string; page: string }>;
type View = { sort: SurveySort; category: Category | undefined; page: number };

/** The view named by the path, or null (a 404) for anything the rewrite would never produce. */
function readView({ sort, category, page }: Awaited<Params>): View | null {
  const n = Number(page);
  if (!(SURVEY_SORTS as readonly string[]).includes(sort)) return null;
  if (category !== "all" && !(CATEGORIES as readonly string[]).includes(category)) return null;
  if (!Number.isInteger(n) || n < 1 || n > LIST_PAGE_MAX || String(n) !== page) return null;
  return { sort: sort as SurveySort, category: category === "all" ? undefined : (category as Category), page: n };
}

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const view = readView(await params);
  if (!view) return {};
  const what = view.category ? `${view.category} surveys` : "All surveys";
  const title = view.page > 1 ? `${what}, page ${view.page}` : what;
  return pageMetadata({
    title,
    description: view.category
      ? `Yes/no surveys about ${view.category.toLowerCase()}: read them, vote and see the results on OPINEX.`
      : "Every published yes/no survey on OPINEX, sorted by votes or date and filtered by category.",
    path: listHref({ sort: view.sort, category: view.category ?? "", page: view.page }),
  });
}

export default async function SurveysPage({ params }: { params: Params }) {
  const view = readView(await params);
  if (!view) notFound();
  const state: ListState = { sort: view.sort, category: view.category ?? "" };
  const [surveys, total] = await Promise.all([
    cachedSurveyList(view.sort, view.category, view.page, LIST_PAGE_SIZE),
    cachedSurveyCount(view.category),
  ]);
  const pages = Math.min(LIST_PAGE_MAX, Math.max(1, Math.ceil(total / LIST_PAGE_SIZE)));
  const pastTheEnd = total > 0 && view.page > pages;

  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold">All Surveys</h1>
          <p className="mt-2 text-slate-600" aria-live="polite">
            {total === 1 ? "1 survey" : `${total} surveys`}
            {view.category ? ` in ${view.category}` : ""}
          </p>
        </div>
        <SurveyFilters state={state} />
      </div>
      <div className="mt-8">
        {/* The cards' titles are third-level headings, as on the home page: keep the outline in order. */}
        <h2 className="sr-only">{view.category ? `${view.category} surveys` : "Surveys"}</h2>
        {surveys.length > 0 ? (
          <SurveyGrid surveys={surveys} label="Surveys" />
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center" data-testid="empty-state">
            <p className="text-lg font-medium">
              {pastTheEnd
                ? `There is no page ${view.page}: this list has ${pages === 1 ? "1 page" : `${pages} pages`}.`
                : view.category
                  ? `No surveys in ${view.category} yet.`
                  : "No surveys have been published yet."}
            </p>
            <Link
              href={pastTheEnd ? listHref({ ...state, page: pages }) : "/surveys"}
              className="mt-4 inline-block text-brand-700 underline underline-offset-4"
            >
              {pastTheEnd ? `Go to page ${pages}` : "See all surveys"}
            </Link>
          </div>
        )}
      </div>
      {!pastTheEnd && <Pagination page={view.page} pages={pages} href={(page) => listHref({ ...state, page })} />}
      {total > LIST_PAGE_MAX * LIST_PAGE_SIZE && view.page === pages && (
        <p className="mt-4 text-center text-sm text-slate-600">
          The list stops at page {LIST_PAGE_MAX}; choose a category or another order to find older surveys.
        </p>
      )}
    </div>
  );
}
