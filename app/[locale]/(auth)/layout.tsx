import { IntlIsland } from "@/components/i18n/intl-island";
import { SiteShell } from "@/components/site/site-shell";
import { localised } from "@/lib/i18n/server";

// Every page here is a form or a mailed link's page whose client components read the `auth` texts.
function AuthLayout({ children }: { children: React.ReactNode }) {
  return (
    <SiteShell>
      <IntlIsland namespaces={["auth", "altcha"]}>{children}</IntlIsland>
    </SiteShell>
  );
}

export default localised(AuthLayout);
