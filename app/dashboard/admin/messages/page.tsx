import type { Metadata } from "next";
import Link from "next/link";
import { PageHeading } from "@/components/dashboard/page-heading";
import { listHref } from "@/components/admin/format";
import { ContactMessageCard } from "@/components/admin/contact-messages";
import { EmptyState } from "@/components/dashboard/data-table";
import { Pagination } from "@/components/ui/pagination";
import { requireCan } from "@/lib/auth/guards";
import { getEnv } from "@/lib/env";
import { listContactMessages } from "@/lib/contact/contact";
import { contactStatusSchema, type ContactStatus } from "@/lib/contact/inbox-schema";
import { toContactMessageStateJson } from "@/lib/contact/json";
import { cn } from "@/lib/utils";
import { DASHBOARD_PAGE_SIZE, pageCount, pageWindow, readPage } from "@/lib/validation/paging";

export const metadata: Metadata = { title: "Messages" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const PATH = "/dashboard/admin/messages";
const FILTERS: { status: ContactStatus; label: string; empty: string }[] = [
  { status: "open", label: "Waiting", empty: "No message is waiting for an answer." },
  { status: "handled", label: "Handled", empty: "No message has been handled yet." },
  { status: "all", label: "All", empty: "No messages yet." },
];
const tabClass = "inline-flex min-h-9 items-center rounded-md px-3 py-1.5 text-sm font-medium";

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requireCan(PATH, "viewAdminDashboard");
  const params = await searchParams;
  // A hand-edited status reads as the default, as a page number does.
  const status = contactStatusSchema.catch("open").parse(typeof params.status === "string" ? params.status : undefined);
  const page = readPage(params.page);
  const { limit } = pageWindow(page);

  const result = await listContactMessages({ status, page, limit });
  const timeZone = getEnv().APP_TIME_ZONE;

  // The page's other query is kept by the filter and the pages; a filter starts again at its first page.
  const others = Object.fromEntries(
    Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[0] !== "status" && entry[0] !== "page"),
  );
  const withStatus = (s: ContactStatus) => ({ ...others, status: s === "open" ? undefined : s });
  const current = FILTERS.find((f) => f.status === status)!;

  return (
    <>
      <PageHeading title="Messages" intro="What visitors sent through the contact form, newest first: those waiting for an answer first. Reply by mail, or mark one handled." />
      <nav aria-label="Message filter" className="mb-4 flex flex-wrap gap-2">
        {FILTERS.map((f) => (
          <Link
            key={f.status}
            href={listHref(PATH, withStatus(f.status), 1)}
            aria-current={f.status === status ? "page" : undefined}
            className={cn(tabClass, f.status === status ? "bg-brand-700 text-white" : "border border-slate-300 hover:bg-slate-50")}
          >
            {f.label}
          </Link>
        ))}
      </nav>
      {result.rows.length === 0 ? (
        <EmptyState>{current.empty}</EmptyState>
      ) : (
        <>
          <ol aria-label={`${current.label} messages`} className="space-y-4">
            {result.rows.map((m) => (
              <li key={m.id}>
                <ContactMessageCard message={toContactMessageStateJson(m)} timeZone={timeZone} />
              </li>
            ))}
          </ol>
          <Pagination page={page} pages={pageCount(result.total, DASHBOARD_PAGE_SIZE)} href={(p) => listHref(PATH, withStatus(status), p)} className="mt-6" />
        </>
      )}
    </>
  );
}
