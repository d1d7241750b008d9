import { CheckCircle2, Info } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { PaymentForm } from "@/components/payment/payment-form";
import type { CurrentUser } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import { Link } from "@/lib/i18n/link";
import { publishableKey } from "@/lib/payments/config";

function Notice({ tone, children }: { tone: "done" | "info"; children: React.ReactNode }) {
  const Icon = tone === "done" ? CheckCircle2 : Info;
  return (
    <div role="status" className={tone === "done" ? "flex gap-3 rounded-md bg-green-50 p-4 text-green-900" : "flex gap-3 rounded-md bg-slate-100 p-4 text-slate-800"}>
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="space-y-2 text-sm">{children}</div>
    </div>
  );
}

/**
 * What /payment offers this person: the card form, or why not (already pro_user, a role that does not
 * buy the plan, payments not configured). The publishable key is read now, at request time. The form
 * reads its words from the page's island (`pricing`).
 */
export async function PaymentPanel({ user }: { user: Pick<CurrentUser, "email" | "name" | "role"> }) {
  const t = await getTranslations("pricing");
  if (can(user.role, "viewOwnBilling")) {
    return (
      <Notice tone="done">
        <p className="font-semibold">{t("alreadyPro")}</p>
        <p>
          {t.rich("payment.nothingMore", {
            link: (words) => (
              <Link href="/dashboard/pro_user/billing" className="font-medium underline">
                {words}
              </Link>
            ),
          })}
        </p>
      </Notice>
    );
  }
  if (!can(user.role, "purchasePro")) {
    return (
      <Notice tone="info">
        <p>{t("notForRole", { role: user.role })}</p>
      </Notice>
    );
  }
  const key = publishableKey();
  if (!key) {
    return (
      <Notice tone="info">
        <p>{t("notConfigured")}</p>
      </Notice>
    );
  }
  return <PaymentForm publishableKey={key} payer={{ email: user.email, name: user.name }} />;
}
