import { ExternalLink } from "lucide-react";
import { getLocale, getTranslations } from "next-intl/server";
import { formatDateTimeWithZone } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { DataTable, EmptyState, type Column } from "@/components/dashboard/data-table";
import type { Locale } from "@/lib/i18n/types";
import { listOwnPayments, type OwnPayment } from "@/lib/payments/billing";
import { formatMoney } from "@/lib/payments/money";

type Translate = Awaited<ReturnType<typeof getTranslations<"pricing.billing">>>;

function columns(t: Translate, locale: Locale): Column<OwnPayment>[] {
  const dateTime = (date: Date) => formatDateTimeWithZone(date, getEnv().APP_TIME_ZONE, locale);
  return [
    { header: t("date"), cell: (p) => <time dateTime={p.createdAt.toISOString()}>{dateTime(p.createdAt)}</time>, className: "whitespace-nowrap" },
    { header: t("amount"), cell: (p) => <span className="tabular-nums">{formatMoney(p.amount, p.currency, locale)}</span> },
    {
      header: t("status"),
      cell: (p) =>
        p.status === "refunded" ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{t("refunded")}</span>
        ) : (
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t("paid")}</span>
        ),
    },
    {
      header: t("receipt"),
      cell: (p) =>
        p.receiptUrl ? (
          <a href={p.receiptUrl} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-brand-700 underline">
            {t("viewReceipt")}
            <ExternalLink className="h-3.5 w-3.5" aria-hidden="true" />
            <span className="sr-only">{t("opensStripe")}</span>
          </a>
        ) : (
          <span className="text-slate-500">{t("notAvailable")}</span>
        ),
    },
    { header: t("paymentId"), cell: (p) => <code className="break-all text-xs text-slate-600">{p.paymentIntentId}</code> },
  ];
}

/** The payer's own payments (pro_user dashboard), in the page's language. */
export async function Billing({ userId }: { userId: string }) {
  const [t, refund, locale] = await Promise.all([getTranslations("pricing.billing"), getTranslations("pricing"), getLocale()]);
  const result = { rows: await listOwnPayments(userId) };
  return (
    <>
      <header className="mb-6">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-1 text-slate-600">
          {t("intro")} {refund("refundRule")}
        </p>
      </header>
      {result.rows.length === 0 ? (
        <EmptyState>{t("empty")}</EmptyState>
      ) : (
        <DataTable caption={t("caption")} columns={columns(t, locale)} rows={result.rows} rowKey={(p) => p.id} />
      )}
    </>
  );
}
