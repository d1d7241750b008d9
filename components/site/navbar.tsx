"use client";

import { clsx as cn } from "clsx";
import { Menu, X } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useState } from "react";
import { useCurrentUser } from "@/components/site/use-current-user";

// Signed-in only (next-auth's client, the Button styles): its own chunk, loaded once someone is signed in.
const SignOutButton = dynamic(() => import("@/components/site/sign-out-button").then((m) => m.SignOutButton));

const links = [
  { href: "/", label: "Home" },
  { href: "/surveys", label: "Surveys" },
  { href: "/pricing", label: "Pricing" },
  { href: "/about", label: "About" },
  { href: "/contact", label: "Contact" },
];

export function Navbar() {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const viewer = useCurrentUser();
  const user = viewer.status === "ready" ? viewer.user : null;


  const isActive = (href: string) => (href === "/" ? pathname === "/" : pathname.startsWith(href));
  const linkClass = (href: string) =>
    cn(
      "rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-50 hover:text-brand-700",
      isActive(href) ? "text-brand-700" : "text-slate-700",
    );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
        <Link href="/" className="text-xl font-extrabold tracking-wider text-brand-700">
          OPINEX
        </Link>
        <ul className="hidden items-center gap-1 md:flex">
          {links.map((l) => (
            <li key={l.href}>
              <Link href={l.href} className={linkClass(l.href)} aria-current={isActive(l.href) ? "page" : undefined}>
                {l.label}
              </Link>
            </li>
          ))}
          {user && (
            <li>
              <Link href={`/dashboard/${user.role}`} className={linkClass("/dashboard")}>
                Dashboard
              </Link>
            </li>
          )}
        </ul>
        <div className="hidden items-center gap-2 md:flex" data-testid="desktop-account">
          {viewer.status === "loading" ? (
            <span className="h-9 w-40 animate-pulse rounded-md bg-slate-100" aria-hidden="true" />
          ) : user ? (
            <>
              <UserBadge name={user.name} image={user.image} email={user.email} />
              <SignOutButton />
            </>
          ) : (
            <>
              <Link href="/login" className={linkClass("/login")}>
                Login
              </Link>
              <Link
                href="/register"
                className="rounded-md bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"
              >
                Register
              </Link>
            </>
          )}
        </div>
        <button
          type="button"
          className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
          aria-expanded={open}
          aria-controls="mobile-menu"
          aria-label={open ? "Close menu" : "Open menu"}
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
        </button>
      </nav>
      {open && (
        // A click on any link in the small-screen menu closes it.
        <div id="mobile-menu" className="border-t border-slate-200 bg-white px-4 pb-4 md:hidden" onClick={(e) => {
          if ((e.target as HTMLElement).closest("a")) setOpen(false);
        }}>
          <ul className="flex flex-col gap-1 pt-2">
            {links.map((l) => (
              <li key={l.href}>
                <Link href={l.href} className={cn(linkClass(l.href), "block")}>
                  {l.label}
                </Link>
              </li>
            ))}
            {user ? (
              <>
                <li>
                  <Link href={`/dashboard/${user.role}`} className={cn(linkClass("/dashboard"), "block")}>
                    Dashboard
                  </Link>
                </li>
                <li className="flex items-center justify-between gap-2 pt-2">
                  <UserBadge name={user.name} image={user.image} email={user.email} />
                  <SignOutButton />
                </li>
              </>
            ) : (
              <>
                <li>
                  <Link href="/login" className={cn(linkClass("/login"), "block")}>
                    Login
                  </Link>
                </li>
                <li>
                  <Link href="/signup" className={cn(linkClass("/signup"), "block")}>
                    Sign Up
                  </Link>
                </li>
              </>
            )}
          </ul>
        </div>
      )}
    </header>
  );
}

function UserBadge({ name, image, email }: { name: string | null; image: string | null; email: string }) {
  const label = name || email;
  return (
    <span className="flex items-center gap-2" data-testid="user-badge">
      {image ? (
        // eslint-disable-next-line @next/next/no-img-element
        <img src={image} alt="" width={32} height={32} className="h-8 w-8 rounded-full object-cover" />
      ) : (
        <span
          aria-hidden="true"
          className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800"
        >
          {label.charAt(0).toUpperCase()}
        </span>
      )}
      <span className="max-w-[10rem] truncate text-sm font-medium">{label}</span>
    </span>
  );
}
