import { getTranslations } from "next-intl/server";
import { EmptyState, type Column } from "@/components/dashboard/data-table";
import { Link } from "@/lib/i18n/link";
import { countFeedbacks, listFeedbacks, type FeedbackRow } from "@/lib/surveys/workspace";
import { pageWindow } from "@/lib/validation/paging";
import { StatusBadge } from "./status-badge";
import { SurveyListTable } from "./survey-list-table";

// The feedback list previews 20 characters of the description.
const PREVIEW = 20;

const feedbackColumns = (t: Awaited<ReturnType<typeof getTranslations<"surveyor.feedbacks">>>): Column<FeedbackRow>[] => [
  {
    header: t("titleColumn"),
    cell: (s) => (
      <Link href={`/dashboard/surveyor/surveys/${s.id}`} className="font-medium text-brand-700 hover:underline">
        {s.title}
      </Link>
    ),
    className: "max-w-xs",
  },
  {
    header: t("description"),
    cell: (s) => (s.description.length > PREVIEW ? `${s.description.slice(0, PREVIEW)}...` : s.description),
    className: "whitespace-nowrap",
  },
  { header: t("status"), cell: (s) => <StatusBadge status={s.status} /> },
  { header: t("feedback"), cell: (s) => <span className="whitespace-pre-line">{s.feedback}</span>, className: "max-w-md" },
];

/** The surveyor's surveys an admin gave feedback on (given when unpublishing). */
export async function Feedbacks({ surveyorId, page }: { surveyorId: string; page: number }) {
  const [rows, total, t] = await Promise.all([listFeedbacks(surveyorId, pageWindow(page)), countFeedbacks(surveyorId), getTranslations("surveyor.feedbacks")]);
  const data = { rows, total };
  if (data.total === 0) return <EmptyState>{t("empty")}</EmptyState>;
  return (
    <SurveyListTable path="/dashboard/surveyor/feedbacks" columns={feedbackColumns(t)} rows={data.rows} total={data.total} page={page} />
  );
}
