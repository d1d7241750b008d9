import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/link";
import { cn } from "@/lib/utils";

const linkClass = "rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50";
const disabledClass = cn(linkClass, "border-slate-200 text-slate-500 hover:bg-transparent");

/**
 * Previous / "Page N of M" / Next links for any paginated list whose page lives in the URL
 * (`href(page)` builds that URL, so filters stay applied). Renders nothing for a single page.
 */
export async function Pagination({
  page,
  pages,
  href,
  className = "mt-10",
}: {
  page: number;
  pages: number;
  href: (page: number) => string;
  className?: string;
}) {
  if (pages <= 1) return null;
  const t = await getTranslations("common.pagination");
  return (
    <nav aria-label={t("label")} className={cn("flex items-center justify-center gap-4", className)}>
      {page > 1 ? (
        <Link href={href(page - 1)} rel="prev" className={linkClass}>
          {t("previous")}
        </Link>
      ) : (
        <span className={disabledClass} aria-hidden="true">
          {t("previous")}
        </span>
      )}
      <span className="text-sm text-slate-700" aria-current="page">
        {t("position", { page: String(page), pages: String(pages) })}
      </span>
      {page < pages ? (
        <Link href={href(page + 1)} rel="next" className={linkClass}>
          {t("next")}
        </Link>
      ) : (
        <span className={disabledClass} aria-hidden="true">
          {t("next")}
        </span>
      )}
    </nav>
  );
}
