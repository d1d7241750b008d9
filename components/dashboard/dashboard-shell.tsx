import { getTranslations } from "next-intl/server";
import { IntlIsland } from "@/components/i18n/intl-island";
import { dashboardLinks } from "@/components/dashboard/links";
import { Sidebar, type NavLink } from "@/components/dashboard/sidebar";
import type { Role } from "@/models/enums";

/**
 * The frame of every dashboard page: the role's sidebar beside the page. The sidebar's words are
 * translated here and handed to it, so the browser gets only the shell's few client texts.
 */
export async function DashboardShell({ role, children }: { role: Role; children: React.ReactNode }) {
  const t = await getTranslations("dashboard");
  const links: NavLink[] = [
    { href: "/", label: t("sidebar.home") },
    { href: `/dashboard/${role}`, label: t("sidebar.overview") },
    ...dashboardLinks[role].map((l) => ({ href: l.href, label: t(`links.${l.key}.label`) })),
  ];
  const texts = {
    title: t("sidebar.title", { role: t(`roles.${role}`) }),
    overview: t("sidebar.overview"),
    sections: t("sidebar.sections"),
    closeSections: t("sidebar.closeSections"),
    description: t("sidebar.description"),
    nav: t("sidebar.nav"),
  };
  return (
    <div className="mx-auto grid max-w-7xl grid-cols-1 gap-6 px-4 py-8 md:grid-cols-[14rem_1fr]">
      <IntlIsland namespaces={[]}>
        <Sidebar links={links} texts={texts} />
      </IntlIsland>
      <section className="min-w-0">{children}</section>
    </div>
  );
}
