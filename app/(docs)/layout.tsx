import { SiteShell } from "@/components/site/site-shell";

// The API reference's renderer draws its own main landmark and sidebar: the shell adds none around them.
export default function DocsLayout({ children }: { children: React.ReactNode }) {
  return <SiteShell ownMain>{children}</SiteShell>;
}
