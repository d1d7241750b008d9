import { BarChart3, Pencil } from "lucide-react";
import Link from "next/link";
import { EmptyState, type Column } from "@/components/dashboard/data-table";
import { countOwnSurveys, listOwnSurveys, type OwnSurveyRow } from "@/lib/surveys/workspace";
import { formatDate } from "@/lib/dates";
import { pageWindow } from "@/lib/validation/paging";
import { StatusBadge } from "./status-badge";
import { SurveyListTable } from "./survey-list-table";

const rowLink = "inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline";

const columns: Column<OwnSurveyRow>[] = [
  { header: "Title", cell: (s) => <span className="font-medium">{s.title}</span>, className: "max-w-xs" },
  { header: "Category", cell: (s) => s.category },
  { header: "Deadline", cell: (s) => <time dateTime={s.deadline}>{formatDate(s.deadline)}</time>, className: "whitespace-nowrap" },
  { header: "Status", cell: (s) => <StatusBadge status={s.status} /> },
  { header: "Votes", cell: (s) => s.yesCount + s.noCount, className: "tabular-nums" },
  {
    header: "Update",
    cell: (s) => (
      <Link href={`/dashboard/surveyor/update/${s.id}`} className={rowLink} aria-label={`Update ${s.title}`}>
        <Pencil aria-hidden="true" className="h-4 w-4" /> Update
      </Link>
    ),
  },
  {
    header: "Details",
    cell: (s) => (
      <Link href={`/dashboard/surveyor/surveys/${s.id}`} className={rowLink} aria-label={`Details of ${s.title}`}>
        <BarChart3 aria-hidden="true" className="h-4 w-4" /> Details
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
  if (data.total === 0) {
    return (
      <EmptyState>
        You have not created any survey yet.{" "}
        <Link href="/dashboard/surveyor/create" className="font-semibold text-brand-700 underline">
          Create your first survey
        </Link>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="mb-3 text-sm text-slate-600">{data.total === 1 ? "1 survey" : `${data.total} surveys`}</p>
      <SurveyListTable path="/dashboard/surveyor/surveys" columns={columns} rows={data.rows} total={data.total} page={page} />
    </>
  );
}
