import { Check, X } from "lucide-react";
import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { PurchaseArea } from "@/components/payment/purchase-area";
import { formatMoney } from "@/lib/payments/money";
import { PRO_PLAN } from "@/lib/payments/plan";
import { pageMetadata } from "@/lib/seo";
import { localeFromParams, localised } from "@/lib/i18n/server";
import type { Locale } from "@/lib/i18n/types";

/** The plan's price as the card shows it: "$16" (es "16 US$", de "16 $"). */
const price = (locale: Locale) => formatMoney(PRO_PLAN.amount, PRO_PLAN.currency, locale, { whole: true });

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "pricing" });
  return pageMetadata({ title: t("meta.title"), description: t("meta.description", { price: price(locale) }), path: "/pricing", locale });
}

// Each line is `features.{key}` in messages/pricing.
const included = ["comment", "commented", "link"] as const;
const notIncluded = ["unlimited"] as const;

// `/pricing` (mapped here by the server, lib/public-rewrites.mjs): whether payments are configured is read from the
// server's environment on the first request, never frozen at build time, and the page is then served
// from the cache (the environment does not change while a server runs).
export const revalidate = false;
export async function generateStaticParams() {
  return [];
}

async function PricingPage({ params }: { params: Promise<{ v: string }> }) {
  if ((await params).v !== "index") notFound();
  const [t, locale] = await Promise.all([getTranslations("pricing"), getLocale()]);
  return (
    <div className="mx-auto max-w-5xl px-4 py-12">
      <h1 className="text-center text-3xl font-bold">{t("title")}</h1>
      <p className="mx-auto mt-3 max-w-xl text-center text-slate-600">{t("intro")}</p>
      <section
        aria-labelledby="plan-extended"
        className="mx-auto mt-10 max-w-sm rounded-2xl border border-slate-200 bg-white p-8 shadow-md"
      >
        <h2 id="plan-extended" className="text-2xl font-semibold">{t("plan")}</h2>
        <p className="mt-4 flex items-baseline gap-2">
          <span className="text-5xl font-bold">{price(locale)}</span>
          <span className="text-slate-600">{t("oneOff")}</span>
        </p>
        <ul className="mt-6 space-y-3" aria-label={t("includesLabel")}>
          {included.map((key) => (
            <li key={key} className="flex gap-3">
              <Check className="h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
              <span>
                <span className="sr-only">{t("included")}</span>
                {t(`features.${key}`)}
              </span>
            </li>
          ))}
          {notIncluded.map((key) => (
            <li key={key} className="flex gap-3 text-slate-500">
              <X className="h-5 w-5 shrink-0 text-red-700" aria-hidden="true" />
              <span className="line-through">
                <span className="sr-only">{t("notIncluded")}</span>
                {t(`features.${key}`)}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-8">
          <PurchaseArea />
        </div>
      </section>
    </div>
  );
}

export default localised(PricingPage);
