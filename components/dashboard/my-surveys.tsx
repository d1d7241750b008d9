import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { Link } from "@/lib/i18n/link";
import { PageHeading } from "@/components/dashboard/page-heading";
import { surveyHref } from "@/lib/public-urls";
import { listReportedSurveys, type ReportedSurvey } from "@/lib/votes/reports";
import { listCommentedSurveys, listParticipatedSurveys, type ParticipatedSurvey } from "@/lib/votes/votes";
import { StatusBadge } from "@/components/surveyor/status-badge";
import { formatDate } from "@/lib/dates";
import type { Category, SurveyStatus } from "@/models/enums";
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

type Texts = Awaited<ReturnType<typeof getTranslations<"dashboard.lists">>>;

/**
 * A survey's name: a link to its page while it is published. An unpublished survey has no public page
 * (its address is the error page), so it is named without a link and, where no Status column says so
 * (`note`), marked "no longer published". It stays listed: the vote or report on it still counts and
 * is still the person's, and the survey comes back if it is published again.
 */
const surveyName = (t: Texts, { note }: { note: boolean }): Column<{ id: string; title: string; status: SurveyStatus }> => ({
  header: t("surveyName"),
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
            {t("noLongerPublished")}
          </span>
        )}
      </>
    ),
});

const description = (t: Texts): Column<{ description: string }> => ({
  header: t("description"),
  cell: (s) => <span className="line-clamp-2 text-slate-700">{s.description}</span>,
  className: "max-w-md",
});

type CategoryNames = Awaited<ReturnType<typeof getTranslations<"surveyor.categories">>>;

// A survey's category by its name in the page's language, as on the survey's own page.
const category = (t: Texts, names: CategoryNames): Column<{ category: Category }> => ({ header: t("category"), cell: (s) => names(s.category) });

const findSurveys = (chunks: ReactNode) => (
  <Link href="/surveys" className="font-semibold text-brand-700 underline">
    {chunks}
  </Link>
);

export async function ParticipatedSurveys({ userId }: { userId: string }) {
  const [rows, t, names, locale] = await Promise.all([listParticipatedSurveys(userId), getTranslations("dashboard.lists"), getTranslations("surveyor.categories"), getLocale()]);
  const columns: Column<ParticipatedSurvey>[] = [
    surveyName(t, { note: true }),
    description(t),
    category(t, names),
    { header: t("deadline"), cell: (s) => <time dateTime={s.deadline}>{formatDate(s.deadline, locale)}</time>, className: "whitespace-nowrap" },
    {
      header: t("yourVote"),
      cell: (s) => (
        <span className={s.vote === "yes" ? "font-semibold text-green-800" : "font-semibold text-slate-700"}>
          {s.vote === "yes" ? t("yes") : t("no")}
        </span>
      ),
    },
  ];
  return (
    <OwnList
      title={t("participated.title")}
      intro={t("participated.intro")}
      empty={t.rich("participated.empty", { link: findSurveys })}
      columns={columns}
      rows={rows}
    />
  );
}

export async function ReportedSurveys({ userId }: { userId: string }) {
  const [rows, t, names] = await Promise.all([listReportedSurveys(userId), getTranslations("dashboard.lists"), getTranslations("surveyor.categories")]);
  const columns: Column<ReportedSurvey>[] = [
    surveyName(t, { note: false }),
    description(t),
    category(t, names),
    {
      header: t("status"),
      cell: (s) => <StatusBadge status={s.status} />,
    },
  ];
  return <OwnList title={t("reported.title")} intro={t("reported.intro")} empty={t("reported.empty")} columns={columns} rows={rows} />;
}

export async function CommentedSurveys({ userId }: { userId: string }) {
  const [rows, t] = await Promise.all([listCommentedSurveys(userId), getTranslations("dashboard.lists")]);
  const columns: Column<ParticipatedSurvey>[] = [
    surveyName(t, { note: true }),
    {
      header: t("question"),
      cell: (s) => (
        <>
          <span className="font-medium">{s.questionTitle}</span>
          <span className="mt-0.5 block text-slate-600">{s.questionDescription}</span>
        </>
      ),
      className: "max-w-sm",
    },
    { header: t("yourComments"), cell: (s) => <span className="whitespace-pre-line">{s.comment}</span>, className: "max-w-md" },
  ];
  return (
    <OwnList
      title={t("commented.title")}
      intro={t("commented.intro")}
      empty={t.rich("commented.empty", { link: findSurveys })}
      columns={columns}
      rows={rows}
    />
  );
}
