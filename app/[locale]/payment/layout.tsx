import { getLocale } from "next-intl/server";
import { SiteShell } from "@/components/site/site-shell";
import { requireUser } from "@/lib/auth/guards";
import { localePath } from "@/lib/i18n/locales.mjs";
import { localised } from "@/lib/i18n/server";

async function PaymentLayout({ children }: { children: React.ReactNode }) {
  await requireUser(localePath(await getLocale(), "/payment"));
  return <SiteShell>{children}</SiteShell>;
}

export default localised(PaymentLayout);
