"use client";

import { useShellTexts } from "@/lib/i18n/shell-texts";
import { SignOutButton } from "@/components/site/sign-out-button";
import { UserBadge } from "@/components/site/user-badge";
import type { Viewer } from "@/components/site/use-current-user";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Link } from "@/lib/i18n/link";
import { cn } from "@/lib/utils";

export type MenuLink = { href: string; label: string; active: boolean };

const itemClass = "flex min-h-11 items-center rounded-md px-3 text-base font-medium";

/**
 * The phone menu as a sheet (Radix dialog): Escape or a tap outside closes it, focus stays inside
 * while open and goes back to the menu button. Loaded only when the menu is first opened, so the
 * dialog code never ships to visitors who do not open it.
 */
export default function MobileMenu({
  open,
  onOpenChange,
  links,
  viewer,
  returnFocusTo,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: MenuLink[];
  viewer: { status: "loading" } | { status: "ready"; user: Viewer | null };
  returnFocusTo: () => HTMLElement | null;
}) {
  const t = useShellTexts("nav");
  const user = viewer.status === "ready" ? viewer.user : null;
  const close = () => onOpenChange(false);
  const link = (l: MenuLink) => (
    <li key={l.href}>
      <Link
        href={l.href}
        onClick={close}
        aria-current={l.active ? "page" : undefined}
        className={cn(itemClass, l.active ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100")}
      >
        {l.label}
      </Link>
    </li>
  );
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mobile-menu"
        side="right"
        closeLabel={t("closeMenu")}
        onCloseAutoFocus={(event) => {
          // The menu button is outside Radix's Trigger (it is rendered before this code loads).
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        <SheetTitle className="text-xl font-extrabold tracking-wider text-brand-700">OPINEX</SheetTitle>
        <SheetDescription className="sr-only">{t("siteMenu")}</SheetDescription>
        <nav aria-label={t("menu")}>
          <ul className="flex flex-col gap-1">
            {links.map(link)}
            {user && link({ href: `/dashboard/${user.role}`, label: t("dashboard"), active: false })}
            {user && link({ href: "/dashboard/account", label: t("account"), active: false })}
          </ul>
        </nav>
        <div className="mt-auto border-t border-slate-200 pt-4">
          {user ? (
            <div className="flex items-center justify-between gap-2">
              <UserBadge name={user.name} image={user.image} email={user.email} />
              <SignOutButton className="h-11" />
            </div>
          ) : (
            <div className="grid grid-cols-2 gap-2">
              <Link href="/login" prefetch={false} onClick={close} className={cn(itemClass, "justify-center border border-slate-300 text-slate-800 hover:bg-slate-50")}>
                {t("login")}
              </Link>
              <Link href="/signup" prefetch={false} onClick={close} className={cn(itemClass, "justify-center bg-brand-700 text-white hover:bg-brand-800")}>
                {t("register")}
              </Link>
            </div>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
