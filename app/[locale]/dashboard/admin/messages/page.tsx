import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/dashboard/page-heading";
import { listHref } from "@/components/admin/format";
import { ContactMessageCard } from "@/components/admin/contact-messages";
import { EmptyState } from "@/components/dashboard/data-table";
import { IntlIsland } from "@/components/i18n/intl-island";
import { Pagination } from "@/components/ui/pagination";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { listContactMessages } from "@/lib/contact/contact";
import { contactStatusSchema, type ContactStatus } from "@/lib/contact/inbox-schema";
import { toContactMessageStateJson } from "@/lib/contact/json";
import { Link } from "@/lib/i18n/link";
import { cn } from "@/lib/utils";
import { DASHBOARD_PAGE_SIZE, pageCount, pageWindow, readPage } from "@/lib/validation/paging";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "admin" });
  return { title: t("messages.title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PATH = "/dashboard/admin/messages";
/** The filters, in their order; each one's label, empty list and list's name are `admin.messages.filters.{status}`. */
const FILTERS: ContactStatus[] = ["open", "handled", "all"];
const tabClass = "inline-flex min-h-9 items-center rounded-md px-3 py-1.5 text-sm font-medium";

async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requireCan(PATH, "viewAdminDashboard");
  const params = await searchParams;
  // A hand-edited status reads as the default, as a page number does.
  const status = contactStatusSchema.catch("open").parse(typeof params.status === "string" ? params.status : undefined);
  const page = readPage(params.page);
  const { limit } = pageWindow(page);

  const [result, t] = await Promise.all([listContactMessages({ status, page, limit }), getTranslations("admin.messages")]);
  const timeZone = getEnv().APP_TIME_ZONE;

  // The page's other query is kept by the filter and the pages; a filter starts again at its first page.
  const others = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "status" && entry[0] !== "page"),
  );
  const withStatus = (s: ContactStatus) => ({ ...others, status: s === "open" ? undefined : s });

  return (
    <IntlIsland namespaces={["admin"]}>
      <PageHeading title={t("title")} intro={t("intro")} />
      <nav aria-label={t("filterLabel")} className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f}
            href={listHref(PATH, withStatus(f), 1)}
            aria-current={f === status ? "page" : undefined}
            className={cn(tabClass, f === status ? "bg-brand-700 text-white" : "border border-slate-300 hover:bg-slate-50")}
          >
            {t(`filters.${f}.label`)}
          </Link>
        ))}
      </nav>
      {result.rows.length === 0 ? (
        <EmptyState>{t(`filters.${status}.empty`)}</EmptyState>
      ) : (
        <>
          <ol aria-label={t(`filters.${status}.list`)} className="space-y-4">
            {result.rows.map((m) => (
              <li key={m.id}>
                <ContactMessageCard message={toContactMessageStateJson(m)} timeZone={timeZone} />
              </li>
            ))}
          </ol>
          <Pagination page={page} pages={pageCount(result.total, DASHBOARD_PAGE_SIZE)} href={(p) => listHref(PATH, withStatus(status), p)} className="mt-6" />
        </>
      )}
    </IntlIsland>
  );
}

export default localised(Page);
