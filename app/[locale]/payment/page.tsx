import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { IntlIsland } from "@/components/i18n/intl-island";
import { PaymentPanel } from "@/components/payment/payment-panel";
import { requireUser } from "@/lib/auth/guards";
import { localePath } from "@/lib/i18n/locales.mjs";
import { localeFromParams, localised } from "@/lib/i18n/server";
import { formatMoney } from "@/lib/payments/money";
import { PRO_PLAN } from "@/lib/payments/plan";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "pricing" });
  return { title: t("payment.title"), robots: { index: false } };
}

// Rendered per request (it reads the session): who is paying, and the keys as configured at run time.
// The card form reads its words from the island's `pricing` area (a page no cache keeps).
async function PaymentPage() {
  const locale = await getLocale();
  const user = await requireUser(localePath(locale, "/payment"));
  const t = await getTranslations("pricing");
  return (
    <div className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">{t("payment.title")}</h1>
      <p className="mt-2 text-slate-700">
        {t.rich("payment.plan", {
          price: formatMoney(PRO_PLAN.amount, PRO_PLAN.currency, locale),
          b: (price) => <span className="font-semibold">{price}</span>,
        })}
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <IntlIsland namespaces={["pricing"]}>
          <PaymentPanel user={user} />
        </IntlIsland>
      </div>
      <p className="mt-4 text-sm text-slate-600">
        {t("payment.stripe", { email: user.email })} {t("refundRule")}
      </p>
    </div>
  );
}

export default localised(PaymentPage);
