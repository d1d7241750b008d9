import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/dashboard/page-heading";
import { Feedbacks } from "@/components/surveyor/feedbacks";
import { requireCan } from "@/lib/auth/guards";
import { readPage } from "@/lib/validation/paging";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "surveyor" });
  return { title: t("feedbacks.title") };
}

async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireCan("/dashboard/surveyor/feedbacks", "viewSurveyorDashboard");
  const page = readPage((await searchParams).page);
  const t = await getTranslations("surveyor.feedbacks");
  return (
    <>
      <PageHeading title={t("title")} intro={t("intro")} />
      <Feedbacks surveyorId={user.id} page={page} />
    </>
  );
}

export default localised(Page);
