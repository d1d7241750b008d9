import { ExternalLink } from "lucide-react";
import { formatDateTimeWithZone } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { DataTable, EmptyState, type Column } from "@/components/dashboard/data-table";
import { listOwnPayments, type OwnPayment } from "@/lib/payments/billing";
import { formatMoney } from "@/lib/payments/money";
import { PAYMENT_TEXTS } from "@/lib/payments/plan";

const dateTime = (date: Date) => formatDateTimeWithZone(date, getEnv().APP_TIME_ZONE);

const columns: Column<OwnPayment>[] = [
  { header: "Date", cell: (p) => <time dateTime={p.createdAt.toISOString()}>{dateTime(p.createdAt)}</time>, className: "whitespace-nowrap" },
  { header: "Amount", cell: (p) => <span className="tabular-nums">{formatMoney(p.amount, p.currency)}</span> },
  {
    header: "Status",
    cell: (p) =>
      p.status === "refunded" ? (
        <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Refunded</span>
      ) : (
        <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">Paid</span>
      ),
  },
  {
    header: "Receipt",
    cell: (p) =>
      p.receiptUrl ? (
        <a href={p.receiptUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
          View receipt
          <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
          <span className="sr-only">(opens Stripe in a new tab)</span>
        </a>
      ) : (
        <span className="text-slate-500">Not available</span>
      ),
  },
  { header: "Payment ID", cell: (p) => <code className="break-all text-xs text-slate-600">{p.paymentIntentId}</code> },
];

/** The payer's own payments (pro_user dashboard). */
export async function Billing({ userId }: { userId: string }) {
  const result = { rows: await listOwnPayments(userId) };
  return (
    <>
      <header className="mb-6">
        <h1 className="text-2xl font-bold">Billing</h1>
        <p className="mt-1 text-slate-600">Your Extended plan payment and Stripe&apos;s receipt. {PAYMENT_TEXTS.refundRule}</p>
      </header>
      {result.rows.length === 0 ? (
        <EmptyState>No payments yet.</EmptyState>
      ) : (
        <DataTable caption="Your payments" columns={columns} rows={result.rows} rowKey={(p) => p.id} />
      )}
    </>
  );
}
