import type { Metadata } from "next";
import { PageHeading } from "@/components/dashboard/page-heading";
import { listHref } from "@/components/admin/format";
import { EmailAddress } from "@/components/dashboard/email-address";
import { DataTable, EmptyState, type Column } from "@/components/dashboard/data-table";
import { Pagination } from "@/components/ui/pagination";
import { requireCan } from "@/lib/auth/guards";
import { formatDateTimeWithZone } from "@/lib/dates";
import { getEnv } from "@/lib/env";
import { listContactMessages, type ContactMessageRow } from "@/lib/contact/contact";
import { DASHBOARD_PAGE_SIZE, pageCount, pageWindow, readPage } from "@/lib/validation/paging";

export const metadata: Metadata = { title: "Messages" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requireCan("/dashboard/admin/messages", "viewAdminDashboard");
  const page = readPage((await searchParams).page);
  const { limit, offset } = pageWindow(page);

  const result = await listContactMessages({ page, limit });

  const timeZone = getEnv().APP_TIME_ZONE;
  const columns: Column<ContactMessageRow>[] = [
    { header: "Name", cell: (m) => m.name },
    {
      header: "Email",
      cell: (m) => (
        <a href={`mailto:${m.email}`} className="text-brand-700 hover:underline">
          <EmailAddress email={m.email} />
        </a>
      ),
    },
    { header: "Message", cell: (m) => <span className="whitespace-pre-line break-words">{m.message}</span>, className: "max-w-md" },
    { header: "Received", cell: (m) => <time dateTime={m.createdAt.toISOString()}>{formatDateTimeWithZone(m.createdAt, timeZone)}</time>, className: "whitespace-nowrap" },
  ];

  return (
    <>
      <PageHeading title="Messages" intro="What visitors sent through the contact form, newest first." />
      {result.rows.length === 0 ? (
        <EmptyState>No messages yet.</EmptyState>
      ) : (
        <>
          <DataTable caption="Messages" columns={columns} rows={result.rows} rowKey={(m) => m.id} firstSerial={offset + 1} serialHeader="Serial No." />
          <Pagination page={page} pages={pageCount(result.total, DASHBOARD_PAGE_SIZE)} href={(p) => listHref("/dashboard/admin/messages", {}, p)} className="mt-6" />
        </>
      )}
    </>
  );
}
