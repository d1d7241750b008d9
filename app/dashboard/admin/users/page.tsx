import type { Metadata } from "next";
import { PageHeading } from "@/components/dashboard/page-heading";
import { listHref } from "@/components/admin/format";
import { ResendVerificationAsAdmin } from "@/components/admin/resend-verification";
import { RoleEditor } from "@/components/admin/role-editor";
import { SuspensionControls } from "@/components/admin/suspension-controls";
import { UserFilters } from "@/components/admin/user-filters";
import { EmailAddress } from "@/components/dashboard/email-address";
import { DataTable, EmptyState, type Column } from "@/components/dashboard/data-table";
import { Pagination } from "@/components/ui/pagination";
import { requireCan } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import type { ListedUser } from "@/lib/accounts/users";
import { listUsers, USER_SEARCH_COUNT_MAX } from "@/lib/accounts/users";
import { ROLE_NAMES } from "@/lib/accounts/role-names";
import { roleFilterSchema, userSearchSchema } from "@/lib/moderation/schema";
import { DASHBOARD_PAGE_SIZE, pageCount, pageWindow, readPage } from "@/lib/validation/paging";

export const metadata: Metadata = { title: "Manage Users" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

export default async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requireCan("/dashboard/admin/users", "viewAdminDashboard");
  const params = await searchParams;
  const role = roleFilterSchema.safeParse(first(params.role)).data;
  const q = userSearchSchema.safeParse(first(params.q)).data;
  const page = readPage(params.page);
  const { limit, offset } = pageWindow(page);

  const result = await listUsers({ role, q, page, limit });

  const columns: Column<ListedUser>[] = [
    { header: "Name", cell: (u) => u.name ?? <span className="text-slate-600">(no name)</span> },
    { header: "User Email", cell: (u) => <EmailAddress email={u.email} /> },
    {
      header: "Email verified",
      cell: (u) => (u.emailVerified ? <span className="text-green-800">Verified</span> : <ResendVerificationAsAdmin userId={u.id} email={u.email} />),
    },
    { header: "Role", cell: (u) => <RoleEditor key={`${u.id}:${u.role}`} userId={u.id} email={u.email} role={u.role} /> },
    {
      header: "Status",
      cell: (u) =>
        u.suspendedAt ? (
          <div className="space-y-1 text-sm">
            <span className="inline-block rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900" data-testid="user-suspended">
              Suspended
            </span>
            {u.suspendedReason && <p className="max-w-56 whitespace-pre-line break-words text-slate-700">Reason: {u.suspendedReason}</p>}
          </div>
        ) : (
          <span className="text-sm text-slate-700">Active</span>
        ),
    },
    {
      header: "Moderation",
      cell: (u) => (
        <SuspensionControls
          key={`${u.id}:${u.suspendedAt ? "s" : "a"}:${u.countedVotes}:${u.voidedVotes}`}
          userId={u.id}
          email={u.email}
          unsuspendable={can(u.role, "manageUsers")}
          suspended={u.suspendedAt !== null}
          countedVotes={u.countedVotes}
          voidedVotes={u.voidedVotes}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeading title="Manage Users" intro="Every account. Change a role with its select, then Save; it applies to that person's next request." />
      <UserFilters />
      {result.rows.length === 0 && result.totalIsAtLeast ? (
        <EmptyState>Only the first {USER_SEARCH_COUNT_MAX.toLocaleString("en")} matches are listed. Type more of the email or name to narrow the search.</EmptyState>
      ) : result.rows.length === 0 ? (
        <EmptyState>No accounts match{q ? ` “${q}”` : ""}{role ? ` with the role ${ROLE_NAMES[role]}` : ""}.</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">
            {result.totalIsAtLeast
              ? `More than ${USER_SEARCH_COUNT_MAX.toLocaleString("en")} accounts match: the first ${USER_SEARCH_COUNT_MAX.toLocaleString("en")} are listed. Type more of the email or name to narrow the search.`
              : `${result.total} ${result.total === 1 ? "account" : "accounts"}`}
          </p>
          <DataTable caption="Users" columns={columns} rows={result.rows} rowKey={(u) => u.id} firstSerial={offset + 1} serialHeader="Serial No." />
          <Pagination
            page={page}
            pages={pageCount(result.totalIsAtLeast ? USER_SEARCH_COUNT_MAX : result.total, DASHBOARD_PAGE_SIZE)}
            href={(p) => listHref("/dashboard/admin/users", { role, q }, p)}
            className="mt-6"
          />
        </>
      )}
    </>
  );
}
