"use client";

import { clsx as cn } from "clsx";
import { usePathname } from "next/navigation";
import { useShellTexts } from "@/lib/i18n/shell-texts";
import { publicPathname } from "@/lib/public-pathname.mjs";
import { lazy, Suspense, useRef, useState } from "react";
import { Link } from "@/lib/i18n/link";
import { LinkPending } from "@/components/ui/link-pending";
import { NoScriptInstead } from "@/components/ui/no-script";
import { useCurrentUser } from "@/components/site/use-current-user";
import { UserBadge } from "@/components/site/user-badge";

// Signed-in only (next-auth's client, the Button styles): its own chunk, loaded once someone is signed in.
// React.lazy rather than next/dynamic, whose loader is about 2.5 kB gzip on every page: both parts
// render only in the browser (once the session is known, once the menu is opened), never on the server.
const SignOutButton = lazy(() => import("@/components/site/sign-out-button").then((m) => ({ default: m.SignOutButton })));

// The phone menu's sheet (Radix dialog) loads when it is first wanted, not with every public page.
const loadMobileMenu = () => import("@/components/site/mobile-menu");
const MobileMenu = lazy(loadMobileMenu);

// lucide's Menu, drawn here: the icon library's runtime is about 1.8 kB gzip, for one icon on every page.
function MenuIcon() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M4 5h16" />
      <path d="M4 12h16" />
      <path d="M4 19h16" />
    </svg>
  );
}

// Pages built around a form (react-hook-form, zod) are not prefetched: prefetching a route also fetches
// its code, which would give every signed-out reader the form libraries (only for those who use them).
const FORM_PAGES = new Set(["/contact", "/login", "/register", "/signup"]);
const prefetchOf = (href: string) => (FORM_PAGES.has(href) ? false : undefined);

const pages = [
  { href: "/", name: "home" },
  { href: "/surveys", name: "surveys" },
  { href: "/pricing", name: "pricing" },
  { href: "/about", name: "about" },
  { href: "/contact", name: "contact" },
] as const;

export function Navbar() {
  const t = useShellTexts("nav");
  const links = pages.map((p) => ({ href: p.href, label: t(p.name) }));
  // The public path even while a cached page renders as its internal route.
  const pathname = publicPathname(usePathname());
  const [open, setOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const viewer = useCurrentUser();
  const user = viewer.status === "ready" ? viewer.user : null;

  // The account page lives under /dashboard but has its own link: there, only "Account" is current.
  const isActive = (href: string) =>
    href === "/"
      ? pathname === "/"
      : href === "/dashboard"
        ? pathname.startsWith(href) && !pathname.startsWith("/dashboard/account")
        : pathname.startsWith(href);
  // `.nav-link` and `.nav-link-on` are named in app/globals.css (seven links on every page).
  const linkClass = (href: string) => cn("nav-link", isActive(href) && "nav-link-on");
  const signedOutLinks = (
    <>
      <Link href="/login" prefetch={false} className={linkClass("/login")}>
        {t("login")}
      </Link>
      <Link href="/register" prefetch={false} className="rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800">
        {t("register")}
      </Link>
    </>
  );
  // Fetch the menu's code as soon as a finger or pointer is on its way to the button.
  const warm = () => void loadMobileMenu();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label={t("main")} className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link href="/" className="text-xl font-extrabold tracking-wider text-brand-700">
          OPINEX
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <li key={l.href}>
              <Link href={l.href} prefetch={prefetchOf(l.href)} className={linkClass(l.href)} aria-current={isActive(l.href) ? "page" : undefined}>
                {l.label}
              </Link>
            </li>
          ))}
          {user && (
            <li>
              <Link href={`/dashboard/${user.role}`} className={linkClass("/dashboard")}>
                {t("dashboard")}
                <LinkPending />
              </Link>
            </li>
          )}
        </ul>
        <div className="hidden items-center gap-2 md:flex" data-testid="desktop-account">
          {viewer.status === "loading" ? (
            <>
              <span className="account-waiting h-9 w-40 animate-pulse rounded-md bg-slate-100" aria-hidden="true" />
              {/* Without JavaScript the session is never known: a cached page offers signing in instead. */}
              <NoScriptInstead>{signedOutLinks}</NoScriptInstead>
            </>
          ) : user ? (
            <>
              <UserBadge name={user.name} image={user.image} email={user.email} />
              <Link href="/dashboard/account" className={linkClass("/dashboard/account")} aria-current={pathname === "/dashboard/account" ? "page" : undefined}>
                {t("account")}
                <LinkPending />
              </Link>
              <Suspense fallback={null}>
                <SignOutButton />
              </Suspense>
            </>
          ) : (
            signedOutLinks
          )}
        </div>
        <button
          ref={menuButton}
          type="button"
          className="menu-button -mr-2 inline-flex h-11 w-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls={open ? "mobile-menu" : undefined}
          aria-haspopup="dialog"
          aria-label={t("openMenu")}
          onPointerEnter={warm}
          onTouchStart={warm}
          onFocus={warm}
          onClick={() => {
            setMenuWanted(true);
            setOpen(true);
          }}
        >
          <MenuIcon />
        </button>
      </nav>
      {/* Without JavaScript the menu's button cannot open it: phones get the links in a row instead. */}
      <NoScriptInstead>
        <nav aria-label={t("site")} className="flex flex-wrap items-center gap-1 border-t border-slate-200 px-2 py-2 md:hidden">
          {links.map((l) => (
            <Link key={l.href} href={l.href} prefetch={false} className={linkClass(l.href)} aria-current={isActive(l.href) ? "page" : undefined}>
              {l.label}
            </Link>
          ))}
          {signedOutLinks}
        </nav>
      </NoScriptInstead>
      {menuWanted && (
        <Suspense fallback={null}>
          <MobileMenu
            open={open}
            onOpenChange={setOpen}
            links={links.map((l) => ({ ...l, active: isActive(l.href) }))}
            viewer={viewer}
            returnFocusTo={() => menuButton.current}
          />
        </Suspense>
      )}
    </header>
  );
}
