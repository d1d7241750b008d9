import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SurveyList } from "@/components/survey/survey-list";
import { listMetadata, readListView, type ListSegments } from "@/lib/surveys/list-view";
import { localeFromParams, localised } from "@/lib/i18n/server";

// One search of the list, `/surveys?q=…` with the view's other choices (mapped here by the server only
// when `q` is already normalised, see lib/public-rewrites.mjs): cached like the other views, with the
// short time limit of searches (SEARCH_SECONDS, lib/surveys/cache.ts; docs/performance.md).
export const revalidate = 60; // SEARCH_SECONDS (a literal: Next reads it from the source)
export async function generateStaticParams() {
  return [];
}

type Params = Promise<ListSegments & { q: string; locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return listMetadata(readListView(await params), await localeFromParams(params));
}

async function SurveySearchPage({ params }: { params: Params }) {
  const view = readListView(await params);
  if (!view) notFound();
  return <SurveyList view={view} />;
}

export default localised(SurveySearchPage);
