import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { SurveyList } from "@/components/survey/survey-list";
import { listMetadata, readListView, type ListSegments } from "@/lib/surveys/list-view";
import { localeFromParams, localised } from "@/lib/i18n/server";

// One view of `/surveys?sort=&category=&status=&page=` (mapped here by the server, see
// lib/public-rewrites.mjs): a cached page per view, generated on its first request (never at
// build time) and refreshed by the tags of the data it reads. A search has its own route below.
export const revalidate = 60; // PAGE_SAFETY_NET_SECONDS (a literal: Next reads it from the source)
export async function generateStaticParams() {
  return [];
}

type Params = Promise<ListSegments & { locale: string }>;

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  return listMetadata(readListView(await params), await localeFromParams(params));
}

async function SurveysPage({ params }: { params: Params }) {
  const view = readListView(await params);
  if (!view) notFound();
  return <SurveyList view={view} />;
}

export default localised(SurveysPage);
