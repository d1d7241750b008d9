import { useTranslations } from "next-intl";
import type { Column } from "@/components/dashboard/data-table";
import { PagedTable } from "@/components/dashboard/paged-table";

/** A 'Survey List' of the surveyor's dashboard: one page of it, at `path?page=N`. */
export function SurveyListTable<T extends { id: string }>({ path, columns, rows, total, page }: { path: string; columns: Column<T>[]; rows: T[]; total: number; page: number }) {
  const t = useTranslations("surveyor.list");
  return <PagedTable caption={t("caption")} columns={columns} rows={rows} rowKey={(s) => s.id} page={page} total={total} href={(p) => `${path}?page=${p}`} firstPage={path} />;
}
