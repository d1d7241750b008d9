"use client";

import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { usePathname, useRouter } from "@/lib/i18n/router";
import { USER_SEARCH_MAX } from "@/lib/moderation/schema";
import { ROLES } from "@/models/enums";

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600";

/** 'Filter by Role' and the search, both kept in the URL (so they survive a save and a reload). */
export function UserFilters() {
  const t = useTranslations("admin");
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  const [q, setQ] = useState(params.get("q") ?? "");
  const [pending, startTransition] = useTransition();

  const go = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete("page");
    const query = next.toString();
    startTransition(() => router.push(query ? `${pathname}?${query}` : pathname));
  };

  return (
    <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end" aria-busy={pending}>
      <div className="sm:w-48">
        <label htmlFor="role-filter" className="text-sm font-medium">
          {t("users.filters.role")}
        </label>
        <select id="role-filter" className={fieldClass} value={params.get("role") ?? ""} onChange={(e) => go({ role: e.target.value })}>
          <option value="">{t("users.filters.allRoles")}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </select>
      </div>
      <form
        role="search"
        className="flex flex-1 items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: q.trim() });
        }}
      >
        <div className="flex-1">
          <label htmlFor="user-search" className="text-sm font-medium">
            {t("users.filters.search")}
          </label>
          <input
            id="user-search"
            type="search"
            className={fieldClass}
            value={q}
            maxLength={USER_SEARCH_MAX}
            placeholder={t("users.filters.placeholder")}
            onChange={(e) => setQ(e.target.value)}
          />
        </div>
        <Button type="submit" variant="outline" disabled={pending}>
          {t("users.filters.submit")}
        </Button>
      </form>
    </div>
  );
}
