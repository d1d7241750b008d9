import type { Metadata } from "next";
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

export const metadata: Metadata = { title: "Payment Information" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requireCan("/dashboard/admin/payments", "viewAdminDashboard");
  const page = readPage((await searchParams).page);
  const { limit, offset } = pageWindow(page);

  const [list, totals] = await Promise.all([listPayments({ page, limit }), paymentTotals()]);
  const result = { ...list, totals };

  const timeZone = getEnv().APP_TIME_ZONE;
  const columns: Column<PaymentRow>[] = [
    { header: "Payment ID", cell: (p) => <code className="break-all text-xs">{p.paymentIntentId}</code> },
    { header: "Amount", cell: (p) => formatMoney(p.amount, p.currency), className: "whitespace-nowrap tabular-nums" },
    {
      header: "Status",
      cell: (p) =>
        p.status === "refunded" ? (
          <span className="rounded-full bg-amber-50 px-2 py-0.5 text-amber-900">Refunded</span>
        ) : (
          <span className="rounded-full bg-green-50 px-2 py-0.5 text-green-800">Paid</span>
        ),
    },
    { header: "User Name", cell: (p) => p.userName },
    { header: "User Email", cell: (p) => <EmailAddress email={p.userEmail} /> },
    { header: "Date", cell: (p) => <time dateTime={p.createdAt.toISOString()}>{formatDateTimeWithZone(p.createdAt, timeZone)}</time>, className: "whitespace-nowrap" },
  ];

  return (
    <>
      <PageHeading title="Payment Information" intro="Every payment received, newest first. Refunded payments stay listed but are not counted in the total." />
      {result.rows.length === 0 ? (
        <EmptyState>No payments yet.</EmptyState>
      ) : (
        <>
          <dl className="mb-6 flex flex-wrap gap-4">
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-600">Total received</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums" data-testid="total-received">
                {result.totals.map((t) => formatMoney(t.amount, t.currency)).join(" + ")}
              </dd>
            </div>
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <dt className="text-sm text-slate-600">Payments</dt>
              <dd className="mt-1 text-2xl font-bold tabular-nums">{result.total}</dd>
            </div>
          </dl>
          <DataTable caption="Payment Information" columns={columns} rows={result.rows} rowKey={(p) => p.id} firstSerial={offset + 1} serialHeader="Serial No." />
          <Pagination page={page} pages={pageCount(result.total, DASHBOARD_PAGE_SIZE)} href={(p) => listHref("/dashboard/admin/payments", {}, p)} className="mt-6" />
        </>
      )}
    </>
  );
}
