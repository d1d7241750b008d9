import { BarChart3, Pencil } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { EmptyState, type Column } from "@/components/dashboard/data-table";
import { Link } from "@/lib/i18n/link";
import { countOwnSurveys, listOwnSurveys, type OwnSurveyRow } from "@/lib/surveys/workspace";
import { formatDate, type DateLocale } from "@/lib/dates";
import { pageWindow } from "@/lib/validation/paging";
import { StatusBadge } from "./status-badge";
import { SurveyListTable } from "./survey-list-table";

const rowLink = "inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline";

type Texts = Awaited<ReturnType<typeof getTranslations<"surveyor.list">>>;

type CategoryNames = Awaited<ReturnType<typeof getTranslations<"surveyor.categories">>>;

const ownColumns = (t: Texts, names: CategoryNames, locale: DateLocale): Column<OwnSurveyRow>[] => [
  { header: t("titleColumn"), cell: (s) => <span className="font-medium">{s.title}</span>, className: "max-w-xs" },
  { header: t("category"), cell: (s) => names(s.category) },
  { header: t("deadline"), cell: (s) => <time dateTime={s.deadline}>{formatDate(s.deadline, locale)}</time>, className: "whitespace-nowrap" },
  { header: t("status"), cell: (s) => <StatusBadge status={s.status} /> },
  { header: t("votes"), cell: (s) => s.yesCount + s.noCount, className: "tabular-nums" },
  {
    header: t("update"),
    cell: (s) => (
      <Link href={`/dashboard/surveyor/update/${s.id}`} className={rowLink} aria-label={t("updateOf", { title: s.title })}>
        <Pencil aria-hidden="true" className="h-4 w-4" /> {t("update")}
      </Link>
    ),
  },
  {
    header: t("details"),
    cell: (s) => (
      <Link href={`/dashboard/surveyor/surveys/${s.id}`} className={rowLink} aria-label={t("detailsOf", { title: s.title })}>
        <BarChart3 aria-hidden="true" className="h-4 w-4" /> {t("details")}
      </Link>
    ),
  },
];

/** All Surveys: one page of the surveyor's own surveys, newest first. */
export async function OwnSurveys({ surveyorId, page }: { surveyorId: string; page: number }) {
  // Past the first page the total comes first: a page in the second half is read from the other end.
  const [rows, total] =
    page === 1
      ? await Promise.all([listOwnSurveys(surveyorId, pageWindow(page)), countOwnSurveys(surveyorId)])
      : await countOwnSurveys(surveyorId).then(async (n) => [await listOwnSurveys(surveyorId, pageWindow(page), n), n] as const);
  const data = { rows, total };
  const [t, names, locale] = await Promise.all([getTranslations("surveyor.list"), getTranslations("surveyor.categories"), getLocale()]);
  if (data.total === 0) {
    return (
      <EmptyState>
        {t.rich("empty", {
          link: (chunks) => (
            <Link href="/dashboard/surveyor/create" className="font-semibold text-brand-700 underline">
              {chunks}
            </Link>
          ),
        })}
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{t("count", { count: data.total })}</p>
      <SurveyListTable path="/dashboard/surveyor/surveys" columns={ownColumns(t, names, locale)} rows={data.rows} total={data.total} page={page} />
    </>
  );
}
