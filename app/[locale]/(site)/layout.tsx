import { SiteShell } from "@/components/site/site-shell";
import { localised } from "@/lib/i18n/server";

function SiteLayout({ children }: { children: React.ReactNode }) {
  return <SiteShell>{children}</SiteShell>;
}

export default localised(SiteLayout);
