import { getTranslations } from "next-intl/server";
import { PagedTable } from "@/components/dashboard/paged-table";
import { EmptyState, type Column } from "@/components/dashboard/data-table";
import { EmailAddress } from "@/components/dashboard/email-address";
import { listVoters, type Voter } from "@/lib/surveys/voters";
import { pageWindow } from "@/lib/validation/paging";

const voterColumns = (t: Awaited<ReturnType<typeof getTranslations<"surveyor">>>): Column<Voter>[] => [
  { header: t("voters.name"), cell: (v) => v.userName ?? <span className="text-slate-500">{t("voters.noName")}</span> },
  { header: t("voters.email"), cell: (v) => (v.userEmail ? <EmailAddress email={v.userEmail} /> : <span className="text-slate-500">{t("voters.noEmail")}</span>) },
  {
    header: t("voters.vote"),
    cell: (v) => <span className={v.vote === "yes" ? "font-semibold text-green-800" : "font-semibold text-slate-700"}>{v.vote === "yes" ? t("voters.yes") : t("voters.no")}</span>,
  },
  // No comment: an empty cell in the table, and no Comment line at all on a phone's card.
  { header: t("voters.comment"), cell: (v) => (v.comment ? <span className="whitespace-pre-line break-words">{v.comment}</span> : null), className: "max-w-sm" },
];

/** 'Voters Information': one page of the survey's voters, in the order they voted. */
export async function VotersTable({ surveyId, total, page }: { surveyId: string; total: number; page: number }) {
  const t = await getTranslations("surveyor");
  if (total === 0) return <EmptyState>{t("voters.empty")}</EmptyState>;
  const rows = await listVoters(surveyId, pageWindow(page), total);
  return (
    <PagedTable
      caption={t("results.voters")}
      columns={voterColumns(t)}
      rows={rows}
      rowKey={(v) => v.id}
      page={page}
      total={total}
      href={(p) => `/dashboard/surveyor/surveys/${surveyId}?page=${p}#voters`}
    />
  );
}
