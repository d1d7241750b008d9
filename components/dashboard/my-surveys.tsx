import Link from "next/link";
import type { ReactNode } from "react";
import { PageHeading } from "@/components/dashboard/page-heading";
import { surveyHref } from "@/lib/public-urls";
import { listReportedSurveys, type ReportedSurvey } from "@/lib/votes/reports";
import { listCommentedSurveys, listParticipatedSurveys, type ParticipatedSurvey } from "@/lib/votes/votes";
import { StatusBadge } from "@/components/surveyor/status-badge";
import { formatDate } from "@/lib/dates";
import type { SurveyStatus } from "@/models/enums";
import { DataTable, EmptyState, type Column } from "./data-table";

// The user and pro_user dashboard lists: always the signed-in person's own rows, by their id.

/** One of these lists: its heading, then its table, or what `empty` says when it has no row. */
function OwnList<T extends { id: string }>({ title, intro, empty, columns, rows }: { title: string; intro: string; empty: ReactNode; columns: Column<T>[]; rows: T[] }) {
  return (
    <>
      <PageHeading title={title} intro={intro} />
      {rows.length === 0 ? <EmptyState>{empty}</EmptyState> : <DataTable caption={title} columns={columns} rows={rows} rowKey={(s) => s.id} />}
    </>
  );
}

/**
 * A survey's name: a link to its page while it is published. An unpublished survey has no public page
 * (its address is the error page), so it is named without a link and, where no Status column says so
 * (`note`), marked "no longer published". It stays listed: the vote or report on it still counts and
 * is still the person's, and the survey comes back if it is published again.
 */
const surveyName = ({ note }: { note: boolean }): Column<{ id: string; title: string; status: SurveyStatus }> => ({
  header: "Survey Name",
  cell: (s) =>
    s.status === "publish" ? (
      <Link href={surveyHref(s.id)} className="font-medium text-brand-700 hover:underline">
        {s.title}
      </Link>
    ) : (
      <>
        <span className="font-medium text-slate-900">{s.title}</span>
        {note && (
          <span className="mt-0.5 block text-sm text-slate-600" data-testid="no-longer-published">
            no longer published
          </span>
        )}
      </>
    ),
});

const description: Column<{ description: string }> = {
  header: "Description",
  cell: (s) => <span className="line-clamp-2 text-slate-700">{s.description}</span>,
  className: "max-w-md",
};

const FindSurveys = () => (
  <Link href="/surveys" className="font-semibold text-brand-700 underline">
    Browse surveys
  </Link>
);

export async function ParticipatedSurveys({ userId }: { userId: string }) {
  const result = { rows: await listParticipatedSurveys(userId) };
  const columns: Column<ParticipatedSurvey>[] = [
    surveyName({ note: true }),
    description,
    { header: "Category", cell: (s) => s.category },
    { header: "Deadline", cell: (s) => <time dateTime={s.deadline}>{formatDate(s.deadline)}</time>, className: "whitespace-nowrap" },
    {
      header: "Your Vote",
      cell: (s) => (
        <span className={s.vote === "yes" ? "font-semibold text-green-800" : "font-semibold text-slate-700"}>
          {s.vote === "yes" ? "Yes" : "No"}
        </span>
      ),
    },
  ];
  return <OwnList title="Participated Surveys" intro="The surveys you voted on, with your vote." empty={<>You have not voted on any survey yet. <FindSurveys /></>} columns={columns} rows={result.rows} />;
}

export async function ReportedSurveys({ userId }: { userId: string }) {
  const result = { rows: await listReportedSurveys(userId) };
  const columns: Column<ReportedSurvey>[] = [
    surveyName({ note: false }),
    description,
    { header: "Category", cell: (s) => s.category },
    {
      header: "Status",
      cell: (s) => <StatusBadge status={s.status} />,
    },
  ];
  return <OwnList title="My Reported Surveys" intro="Surveys you reported, and whether they are still published." empty="You have not reported any survey." columns={columns} rows={result.rows} />;
}

export async function CommentedSurveys({ userId }: { userId: string }) {
  const result = { rows: await listCommentedSurveys(userId) };
  const columns: Column<ParticipatedSurvey>[] = [
    surveyName({ note: true }),
    {
      header: "Survey Question",
      cell: (s) => (
        <>
          <span className="font-medium">{s.questionTitle}</span>
          <span className="mt-0.5 block text-slate-600">{s.questionDescription}</span>
        </>
      ),
      className: "max-w-sm",
    },
    { header: "Your Comments", cell: (s) => <span className="whitespace-pre-line">{s.comment}</span>, className: "max-w-md" },
  ];
  return <OwnList title="My Commented Surveys" intro="Your own comments, on the surveys where you left one with your vote." empty={<>You have not commented on any survey yet. Add a comment when you vote. <FindSurveys /></>} columns={columns} rows={result.rows} />;
}
