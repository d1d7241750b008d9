import { getTranslations } from "next-intl/server";
import { PurchaseButton, type PurchaseTexts } from "@/components/site/purchase-button";
import { paymentsConfigured } from "@/lib/payments/config";
import { ROLES } from "@/models/enums";

/** The button's words in the page's language: only these reach the browser, not the whole pricing area. */
async function purchaseTexts(): Promise<PurchaseTexts> {
  const t = await getTranslations("pricing");
  return {
    purchase: t("purchase.purchase"),
    loginFirst: t("purchase.loginFirst"),
    loginText: t("purchase.loginText"),
    login: t("purchase.login"),
    alreadyPro: t("alreadyPro"),
    seeBilling: t("purchase.seeBilling"),
    notConfigured: t("notConfigured"),
    notForRole: Object.fromEntries(ROLES.map((role) => [role, t("notForRole", { role })])) as PurchaseTexts["notForRole"],
  };
}

/**
 * The pricing card's call to action. Purchase is always there (a signed-out visitor is asked to log in
 * whatever the configuration); whether payments are configured is read per server and only changes
 * what a signed-in buyer is told.
 */
export async function PurchaseArea() {
  const [t, texts] = await Promise.all([getTranslations("pricing"), purchaseTexts()]);
  return (
    <>
      <PurchaseButton paymentsReady={paymentsConfigured()} texts={texts} />
      <p className="mt-4 text-center text-xs text-slate-600">{t("refundRule")}</p>
    </>
  );
}
