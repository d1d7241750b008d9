// The router and the current path in the page's language, for client components: next/navigation's,
// with addresses given unprefixed (`router.push("/")` goes to `/es` on a Spanish page) and the path
// read without its language's segment or a cached page's internal route. The language comes from the
// shell (lib/i18n/shell-texts.tsx), so these work on every page, islands or not, without next-intl's code.
import { usePathname as useNextPathname, useRouter as useNextRouter } from "next/navigation";
import { useMemo } from "react";
import { publicPathname } from "@/lib/public-pathname.mjs";
import { localePath } from "./locales.mjs";
import { usePageLocale } from "./shell-texts";

type NextRouter = ReturnType<typeof useNextRouter>;

export function useRouter(): NextRouter {
  const router = useNextRouter();
  const locale = usePageLocale();
  return useMemo(
    () => ({
      ...router,
      push: (href, options) => router.push(localePath(locale, href), options),
      replace: (href, options) => router.replace(localePath(locale, href), options),
      prefetch: (href, options) => router.prefetch(localePath(locale, href), options),
    }),
    [router, locale],
  );
}

/** The page's public path without its language (`/dashboard/admin/users` on `/es/dashboard/admin/users`). */
export function usePathname(): string {
  return publicPathname(useNextPathname());
}
