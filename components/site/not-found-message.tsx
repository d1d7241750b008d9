import { getTranslations } from "next-intl/server";
import { Link } from "@/lib/i18n/link";

/**
 * The error page's content, inside the site's frame (its navigation and footer): the spec's one line
 * as the heading, and the way back to the surveys. No landmark of its own: the frame draws the `<main>`.
 */
export async function NotFoundMessage() {
  const t = await getTranslations("common.notFound");
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24" data-testid="not-found">
      <h1 className="text-2xl font-semibold">{t("title")}</h1>
      <Link
        href="/surveys"
        className="inline-flex min-h-11 items-center justify-center rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        {t("browseSurveys")}
      </Link>
    </div>
  );
}
