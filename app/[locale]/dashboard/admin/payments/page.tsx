import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/dashboard/page-heading";
import { listHref } from "@/components/admin/format";
import { EmailAddress } from "@/components/dashboard/email-address";
import { DataTable, EmptyState, type Column } from "@/components/dashboard/data-table";
import { Pagination } from "@/components/ui/pagination";
import { requireCan } from "@/lib/auth/guards";
import { formatDateTimeWithZone } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { formatMoney } from "@/lib/payments/money";
import { listPayments, paymentTotals, type PaymentRow } from "@/lib/payments/payments";
import { DASHBOARD_PAGE_SIZE, pageCount, pageWindow, readPage } from "@/lib/validation/paging";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "admin" });
  return { title: t("payments.title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requireCan("/dashboard/admin/payments", "viewAdminDashboard");
  const page = readPage((await searchParams).page);
  const { limit, offset } = pageWindow(page);

  const [list, totals, t, locale] = await Promise.all([listPayments({ page, limit }), paymentTotals(), getTranslations("admin"), getLocale()]);
  const result = { ...list, totals };

  const timeZone = getEnv().APP_TIME_ZONE;
  const columns: Column<PaymentRow>[] = [
    { header: t("payments.columns.id"), cell: (p) => <code className="break-all text-xs">{p.paymentIntentId}</code> },
    { header: t("payments.columns.amount"), cell: (p) => formatMoney(p.amount, p.currency, locale), className: "whitespace-nowrap tabular-nums" },
    {
      header: t("payments.columns.status"),
      cell: (p) =>
        p.status === "refunded" ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-900">{t("payments.refunded")}</span>
        ) : (
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-green-800">{t("payments.paid")}</span>
        ),
    },
    { header: t("payments.columns.name"), cell: (p) => p.userName },
    { header: t("payments.columns.email"), cell: (p) => <EmailAddress email={p.userEmail} /> },
    {
      header: t("payments.columns.date"),
      cell: (p) => <time dateTime={p.createdAt.toISOString()}>{formatDateTimeWithZone(p.createdAt, timeZone, locale)}</time>,
      className: "whitespace-nowrap",
    },
  ];

  return (
    <>
      <PageHeading title={t("payments.title")} intro={t("payments.intro")} />
      {result.rows.length === 0 ? (
        <EmptyState>{t("payments.empty")}</EmptyState>
      ) : (
        <>
          <dl className="mb-6 flex flex-wrap gap-4">
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-600">{t("payments.total")}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="total-received">
                {result.totals.map((total) => formatMoney(total.amount, total.currency, locale)).join(" + ")}
              </dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-600">{t("payments.count")}</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{result.total}</dd>
            </div>
          </dl>
          <DataTable caption={t("payments.title")} columns={columns} rows={result.rows} rowKey={(p) => p.id} firstSerial={offset + 1} serialHeader={t("serialNo")} />
          <Pagination page={page} pages={pageCount(result.total, DASHBOARD_PAGE_SIZE)} href={(p) => listHref("/dashboard/admin/payments", {}, p)} className="mt-6" />
        </>
      )}
    </>
  );
}

export default localised(Page);
