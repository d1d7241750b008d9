"use client";

import { Menu } from "lucide-react";
import { Link } from "@/lib/i18n/link";
import { usePathname } from "@/lib/i18n/router";
import { LinkPending } from "@/components/ui/link-pending";
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { cn } from "@/lib/utils";

// Pages without a link of their own belong to the section they were opened from.
const sectionOf: Record<string, string> = { "/dashboard/surveyor/update": "/dashboard/surveyor/surveys" };

export type NavLink = { href: string; label: string };

/** The sidebar's words, translated by the server component that renders it (DashboardShell). */
export type SidebarTexts = { title: string; overview: string; sections: string; closeSections: string; description: string; nav: string };

/** The link the current page belongs to (`pathname` without its language prefix): the longest link path that starts the pathname. */
export function activeHref(pathname: string, links: NavLink[]): string | undefined {
  const alias = Object.keys(sectionOf).find((prefix) => pathname.startsWith(`${prefix}/`));
  const path = alias ? sectionOf[alias] : pathname;
  return links
    .filter((l) => l.href !== "/" && (path === l.href || path.startsWith(`${l.href}/`)))
    .sort((a, b) => b.href.length - a.href.length)[0]?.href;
}

function NavList({ links, current, inSheet }: { links: NavLink[]; current: string | undefined; inSheet?: boolean }) {
  return (
    <ul className="flex flex-col gap-0.5">
      {links.map((l) => {
        const active = l.href === current;
        const link = (
          <Link
            href={l.href}
            aria-current={active ? "page" : undefined}
            className={cn(
              "flex min-h-11 items-center rounded-md border-l-2 px-3 text-sm font-medium transition-colors",
              active
                ? "border-brand-700 bg-brand-50 font-semibold text-brand-800"
                : "border-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900",
            )}
          >
            {l.label}
            <LinkPending />
          </Link>
        );
        return <li key={l.href}>{inSheet ? <SheetClose asChild>{link}</SheetClose> : link}</li>;
      })}
    </ul>
  );
}

/**
 * The dashboard's sections: a quiet list beside the page from medium screens up; on phones one bar
 * naming the current section, with a Sections button that opens them in a sheet. The links and words
 * come translated from the server; the links and the pathname are without the language prefix.
 */
export function Sidebar({ links, texts }: { links: NavLink[]; texts: SidebarTexts }) {
  const pathname = usePathname();
  const current = activeHref(pathname, links);
  const currentLabel = links.find((l) => l.href === current)?.label ?? texts.overview;
  return (
    <div className="min-w-0">
      <div className="flex items-center justify-between gap-3 rounded-xl border border-slate-200 bg-white px-4 py-2 md:hidden" data-testid="dashboard-section-bar">
        <p className="min-w-0">
          <span className="block text-xs font-medium uppercase tracking-wide text-slate-500">{texts.title}</span>
          <span className="block truncate font-semibold text-slate-900" data-testid="current-section">
            {currentLabel}
          </span>
        </p>
        <Sheet>
          <SheetTrigger className="inline-flex h-11 shrink-0 items-center gap-2 rounded-md border border-slate-300 px-3 text-sm font-medium text-slate-800 hover:bg-slate-50">
            <Menu className="h-4 w-4" aria-hidden="true" /> {texts.sections}
          </SheetTrigger>
          <SheetContent side="left" closeLabel={texts.closeSections}>
            <SheetTitle>{texts.title}</SheetTitle>
            <SheetDescription className="sr-only">{texts.description}</SheetDescription>
            <nav aria-label={texts.nav}>
              <NavList links={links} current={current} inSheet />
            </nav>
          </SheetContent>
        </Sheet>
      </div>
      <nav aria-label={texts.nav} className="hidden md:block">
        <div className="sticky top-20 rounded-xl border border-slate-200 bg-white p-2">
          <p className="px-3 pb-2 pt-1 text-xs font-semibold uppercase tracking-wide text-slate-500">{texts.title}</p>
          <NavList links={links} current={current} />
        </div>
      </nav>
    </div>
  );
}
