import Link from "next/link";
import { EmptyState, type Column } from "@/components/dashboard/data-table";
import { countFeedbacks, listFeedbacks, type FeedbackRow } from "@/lib/surveys/workspace";
import { pageWindow } from "@/lib/validation/paging";
import { StatusBadge } from "./status-badge";
import { SurveyListTable } from "./survey-list-table";

// The feedback list previews 20 characters of the description.
const PREVIEW = 20;

const columns: Column<FeedbackRow>[] = [
  {
    header: "Title",
    cell: (s) => (
      <Link href={`/dashboard/surveyor/surveys/${s.id}`} className="font-medium text-brand-700 hover:underline">
        {s.title}
      </Link>
    ),
    className: "max-w-xs",
  },
  {
    header: "Description",
    cell: (s) => (s.description.length > PREVIEW ? `${s.description.slice(0, PREVIEW)}...` : s.description),
    className: "whitespace-nowrap",
  },
  { header: "Status", cell: (s) => <StatusBadge status={s.status} /> },
  { header: "Feedback", cell: (s) => <span className="whitespace-pre-line">{s.feedback}</span>, className: "max-w-md" },
];

/** The surveyor's surveys an admin gave feedback on (given when unpublishing). */
export async function Feedbacks({ surveyorId, page }: { surveyorId: string; page: number }) {
  const [rows, total] = await Promise.all([listFeedbacks(surveyorId, pageWindow(page)), countFeedbacks(surveyorId)]);
  const data = { rows, total };
  if (data.total === 0) return <EmptyState>No feedback yet. When an admin unpublishes one of your surveys, their message appears here.</EmptyState>;
  return (
    <SurveyListTable path="/dashboard/surveyor/feedbacks" columns={columns} rows={data.rows} total={data.total} page={page} />
  );
}
