// The views of the public list as the cached pages see them: the internal route's segments
// (lib/public-rewrites.mjs: /c/surveys/{sort}/{category|all}/{status|all}/{page}[/{q}]) read back
// into a view, and each view's metadata in the page's language.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/types";
import { listHref, type ListState } from "@/lib/public-urls";
import { pageMetadata } from "@/lib/seo";
import { LIST_PAGE_MAX, normaliseSearch, SURVEY_SORTS, SURVEY_STATUS_FILTERS, type SurveySort, type SurveyStatusFilter } from "@/lib/surveys/list-schema";
import { CATEGORIES, type Category } from "@/models/enums";

export type ListSegments = { sort: string; category: string; status: string; page: string; q?: string };
export type ListView = { sort: SurveySort; category?: Category; status?: SurveyStatusFilter; q?: string; page: number };

/** The segment as written; Next hands a dynamic segment over percent-encoded or decoded, by version. */
function decoded(segment: string): string | null {
  if (!segment.includes("%")) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The view named by the path, or null (a 404) for anything the rewrite would never produce. */
export function readListView({ sort, category, status, page, q }: ListSegments): ListView | null {
  const n = Number(page);
  if (!(SURVEY_SORTS as readonly string[]).includes(sort)) return null;
  if (category !== "all" && !(CATEGORIES as readonly string[]).includes(category)) return null;
  if (status !== "all" && !(SURVEY_STATUS_FILTERS as readonly string[]).includes(status)) return null;
  if (!Number.isInteger(n) || n < 1 || n > LIST_PAGE_MAX || String(n) !== page) return null;
  const search = q === undefined ? undefined : decoded(q);
  if (search === null || (search !== undefined && (search === "" || normaliseSearch(search) !== search))) return null;
  return {
    sort: sort as SurveySort,
    category: category === "all" ? undefined : (category as Category),
    status: status === "all" ? undefined : (status as SurveyStatusFilter),
    q: search,
    page: n,
  };
}

/** The view as the list's links and controls hold it ("" for each "all"). */
export const listStateOf = (view: ListView): ListState => ({
  sort: view.sort,
  category: view.category ?? "",
  status: view.status ?? "",
  q: view.q ?? "",
});

/**
 * Title, description and canonical URL of a view in the page's language ("Open Health surveys, page 2");
 * a search is not for search engines to index.
 */
export async function listMetadata(view: ListView | null, locale: Locale): Promise<Metadata> {
  if (!view) return {};
  const t = await getTranslations({ locale, namespace: "surveys" });
  const category = view.category ? t(`categories.${view.category}`) : "";
  const what = view.category
    ? view.status
      ? t("meta.statusCategory", { status: view.status, category })
      : t("meta.category", { category })
    : view.status
      ? t("meta.status", { status: view.status })
      : t("meta.all");
  const titled = view.q ? t("meta.matching", { what, q: view.q }) : what;
  const title = view.page > 1 ? t("meta.page", { title: titled, page: String(view.page) }) : titled;
  const metadata = pageMetadata({
    title,
    description: view.category ? t("meta.categoryDescription", { topic: t(`topics.${view.category}`) }) : t("meta.description"),
    path: listHref({ ...listStateOf(view), page: view.page }),
    locale,
  });
  return view.q ? { ...metadata, robots: { index: false, follow: true } } : metadata;
}
