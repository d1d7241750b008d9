import { SiteShell } from "@/components/site/site-shell";
import { localised } from "@/lib/i18n/server";

// The API reference's renderer draws its own main landmark and sidebar: the shell adds none around them.
function DocsLayout({ children }: { children: React.ReactNode }) {
  return <SiteShell ownMain>{children}</SiteShell>;
}

export default localised(DocsLayout);
