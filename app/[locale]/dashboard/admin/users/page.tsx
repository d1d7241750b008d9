import type { Metadata } from "next";
import { getFormatter, getTranslations } from "next-intl/server";
import { PageHeading } from "@/components/dashboard/page-heading";
import { listHref } from "@/components/admin/format";
import { ResendVerificationAsAdmin } from "@/components/admin/resend-verification";
import { RoleEditor } from "@/components/admin/role-editor";
import { SuspensionControls } from "@/components/admin/suspension-controls";
import { UserFilters } from "@/components/admin/user-filters";
import { EmailAddress } from "@/components/dashboard/email-address";
import { DataTable, EmptyState, type Column } from "@/components/dashboard/data-table";
import { IntlIsland } from "@/components/i18n/intl-island";
import { Pagination } from "@/components/ui/pagination";
import { requireCan } from "@/lib/auth/guards";
import { can } from "@/lib/auth/permissions";
import type { ListedUser } from "@/lib/accounts/users";
import { listUsers, USER_SEARCH_COUNT_MAX } from "@/lib/accounts/users";
import { roleFilterSchema, userSearchSchema } from "@/lib/moderation/schema";
import { DASHBOARD_PAGE_SIZE, pageCount, pageWindow, readPage } from "@/lib/validation/paging";
import { localeFromParams, localised } from "@/lib/i18n/server";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const locale = await localeFromParams(params);
  const t = await getTranslations({ locale, namespace: "admin" });
  return { title: t("users.title") };
}

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (v: string | string[] | undefined) => (typeof v === "string" ? v : undefined);

async function Page({ searchParams }: { searchParams: SearchParams }) {
  await requireCan("/dashboard/admin/users", "viewAdminDashboard");
  const params = await searchParams;
  const role = roleFilterSchema.safeParse(first(params.role)).data;
  const q = userSearchSchema.safeParse(first(params.q)).data;
  const page = readPage(params.page);
  const { limit, offset } = pageWindow(page);

  const [result, t, format] = await Promise.all([listUsers({ role, q, page, limit }), getTranslations("admin"), getFormatter()]);
  const max = format.number(USER_SEARCH_COUNT_MAX);
  const roleName = role ? t(`roles.${role}`) : "";

  const columns: Column<ListedUser>[] = [
    { header: t("users.columns.name"), cell: (u) => u.name ?? <span className="text-slate-600">{t("users.noName")}</span> },
    { header: t("users.columns.email"), cell: (u) => <EmailAddress email={u.email} /> },
    {
      header: t("users.columns.verified"),
      cell: (u) => (u.emailVerified ? <span className="text-green-800">{t("users.verified")}</span> : <ResendVerificationAsAdmin userId={u.id} email={u.email} />),
    },
    { header: t("users.columns.role"), cell: (u) => <RoleEditor key={`${u.id}:${u.role}`} userId={u.id} email={u.email} role={u.role} /> },
    {
      header: t("users.columns.status"),
      cell: (u) =>
        u.suspendedAt ? (
          <div className="space-y-1 text-sm">
            <span className="inline-block rounded bg-red-100 px-2 py-0.5 font-semibold text-red-900" data-testid="user-suspended">
              {t("users.suspended")}
            </span>
            {u.suspendedReason && <p className="max-w-56 whitespace-pre-line break-words text-slate-700">{t("users.reason", { reason: u.suspendedReason })}</p>}
          </div>
        ) : (
          <span className="text-sm text-slate-700">{t("users.active")}</span>
        ),
    },
    {
      header: t("users.columns.moderation"),
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

  const noMatch = q && role ? t("users.noMatchBoth", { q, role: roleName }) : q ? t("users.noMatchQuery", { q }) : role ? t("users.noMatchRole", { role: roleName }) : t("users.noMatch");

  return (
    // The rows' controls are the browser's, some with the step-up of the gravest changes (auth's texts).
    <IntlIsland namespaces={["admin", "auth"]}>
      <PageHeading title={t("users.title")} intro={t("users.intro")} />
      <UserFilters />
      {result.rows.length === 0 && result.totalIsAtLeast ? (
        <EmptyState>{t("users.firstOnly", { max })}</EmptyState>
      ) : result.rows.length === 0 ? (
        <EmptyState>{noMatch}</EmptyState>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600">{result.totalIsAtLeast ? t("users.moreThan", { max }) : t("users.count", { count: result.total })}</p>
          <DataTable caption={t("users.caption")} columns={columns} rows={result.rows} rowKey={(u) => u.id} firstSerial={offset + 1} serialHeader={t("serialNo")} />
          <Pagination
            page={page}
            pages={pageCount(result.totalIsAtLeast ? USER_SEARCH_COUNT_MAX : result.total, DASHBOARD_PAGE_SIZE)}
            href={(p) => listHref("/dashboard/admin/users", { role, q }, p)}
            className="mt-6"
          />
        </>
      )}
    </IntlIsland>
  );
}

export default localised(Page);
