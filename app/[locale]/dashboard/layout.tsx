import { getTranslations } from "next-intl/server";
import { VerifyEmailNotice } from "@/components/auth/resend-verification";
import { IntlIsland } from "@/components/i18n/intl-island";
import { SiteShell } from "@/components/site/site-shell";
import { requireUser } from "@/lib/auth/guards";
import { needsVerification } from "@/lib/accounts/account-email";
import { localised } from "@/lib/i18n/server";

async function DashboardLayout({ children }: { children: React.ReactNode }) {
  const user = await requireUser("/dashboard");
  const t = await getTranslations("dashboard");
  return (
    <SiteShell>
      {needsVerification(user) && (
        <div className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 lg:px-8">
          <IntlIsland namespaces={["auth.api", "auth.resend", "auth.somethingWrong"]}>
            <VerifyEmailNotice email={user.email} message={t("verifyNotice")} />
          </IntlIsland>
        </div>
      )}
      {children}
    </SiteShell>
  );
}

export default localised(DashboardLayout);
