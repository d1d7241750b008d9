import type { Metadata } from "next";
import Link from "next/link";
import { listHref, type ListState } from "@/components/survey/list-href";
import { SurveyFilters } from "@/components/survey/survey-filters";
import { SurveyGrid } from "@/components/survey/survey-grid";
import { Pagination } from "@/components/ui/pagination";
import { cachedSurveyCount, cachedSurveyList } from "@/lib/services/survey-cache";
import { pageMetadata } from "@/lib/seo";
import { LIST_PAGE_SIZE, surveyListQuerySchema, type SurveyListQuery } from "@/lib/validation/surveys";
import { CATEGORIES } from "@/models/enums";

// The query string decides the view, so this page renders per request, from cached data.
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** A hand-edited or stale URL falls back to the default of each bad field instead of failing. */
function readView(raw: Record<string, string | string[] | undefined>) {
  const one = (key: string) => (typeof raw[key] === "string" ? raw[key] : undefined);
  const { shape } = surveyListQuerySchema;
  const pick = <T,>(schema: { safeParse: (v: unknown) => { success: boolean; data?: T } }, key: string) => {
    const parsed = schema.safeParse(one(key));
    return parsed.success ? (parsed.data as T) : (schema.safeParse(undefined).data as T);
  };
  return {
    sort: pick<SurveyListQuery["sort"]>(shape.sort, "sort"),
    category: pick<SurveyListQuery["category"]>(shape.category, "category"),
    page: pick<SurveyListQuery["page"]>(shape.page, "page"),
  };
}

export async function generateMetadata({ searchParams }: { searchParams: SearchParams }): Promise<Metadata> {
  const view = readView(await searchParams);
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

export default async function SurveysPage({ searchParams }: { searchParams: SearchParams }) {
  const view = readView(await searchParams);
  const state: ListState = { sort: view.sort, category: view.category ?? "" };
  const [surveys, total] = await Promise.all([
    cachedSurveyList(view.sort, view.category, view.page, LIST_PAGE_SIZE),
    cachedSurveyCount(view.category),
  ]);
  const pages = Math.max(1, Math.ceil(total / LIST_PAGE_SIZE));

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
        <SurveyFilters state={state} categories={CATEGORIES} />
      </div>
      <div className="mt-8">
        {/* The cards' titles are h3 (as on the home page, under its h2 sections): headings go down one level at a time. */}
        <h2 className="sr-only">Surveys</h2>
        {surveys.length > 0 ? (
          <SurveyGrid surveys={surveys} label="Surveys" />
        ) : (
          <div className="rounded-xl border border-dashed border-slate-300 p-10 text-center" data-testid="empty-state">
            <p className="text-lg font-medium">
              {total === 0
                ? view.category
                  ? `No surveys in ${view.category} yet.`
                  : "No surveys have been published yet."
                : "This page is past the end of the list."}
            </p>
            <Link href="/surveys" className="mt-4 inline-block text-brand-700 underline underline-offset-4">
              See all surveys
            </Link>
          </div>
        )}
      </div>
      <Pagination page={view.page} pages={pages} href={(page) => listHref({ ...state, page })} />
    </div>
  );
}
