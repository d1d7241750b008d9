import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/link";
import { OwnSurveys } from "@/components/surveyor/own-surveys";
import { requireCan } from "@/lib/auth/guards";
import { readPage } from "@/lib/validation/paging";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const t = await getTranslations({ locale: await localeFromParams(params), namespace: "surveyor" });
  return { title: t("list.title") };
}

async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const user = await requireCan("/dashboard/surveyor/surveys", "viewSurveyorDashboard");
  const page = readPage((await searchParams).page);
  const t = await getTranslations("surveyor.list");
  return (
    <>
      <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          <p className="mt-1 text-slate-600">{t("intro")}</p>
        </div>
        <Link href="/dashboard/surveyor/create" className="rounded-md bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800">
          {t("create")}
        </Link>
      </header>
      <OwnSurveys surveyorId={user.id} page={page} />
    </>
  );
}

export default localised(Page);
