"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { dashboardLinks } from "@/components/dashboard/links";
import type { Role } from "@/models/enums";
import { cn } from "@/lib/utils";

export function Sidebar({ role }: { role: Role }) {
  const pathname = usePathname();
  const links = [{ href: "/", label: "Home" }, { href: `/dashboard/${role}`, label: "Overview" }, ...dashboardLinks[role]];
  return (
    <nav aria-label="Dashboard" className="min-w-0 rounded-xl bg-brand-700 p-3 text-white md:min-h-[60vh]">
      <ul className="flex gap-1 overflow-x-auto md:flex-col">
        {links.map((l) => (
          <li key={l.href}>
            <Link
              href={l.href}
              aria-current={pathname === l.href ? "page" : undefined}
              className={cn(
                "block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium hover:bg-brand-600",
                pathname === l.href && "bg-white text-brand-800 hover:bg-white",
              )}
            >
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
