import { useTranslations } from "next-intl";
import { Link } from "@/lib/i18n/link";
import { DataTable, EmptyState, type Column } from "@/components/dashboard/data-table";
import { Pagination } from "@/components/ui/pagination";
import { pageCount, pageWindow } from "@/lib/validation/paging";

type PagedTableProps<T> = {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  page: number;
  total: number;
  /** The address of page `p`. */
  href: (p: number) => string;
  /** Where "Back to page 1" goes from a page past the last one; without it the page only says so. */
  firstPage?: string;
};

/** One page of a dashboard list with the list's pages below it; a page past the last says so. */
export function PagedTable<T>({ caption, columns, rows, rowKey, page, total, href, firstPage }: PagedTableProps<T>) {
  const t = useTranslations("dashboard.table");
  return (
    <>
      {rows.length === 0 ? (
        <EmptyState>
          {t("pastEnd")}
          {firstPage && (
            <>
              {" "}
              <Link href={firstPage} className="font-semibold text-brand-700 underline">
                {t("backToFirst")}
              </Link>
            </>
          )}
        </EmptyState>
      ) : (
        <DataTable caption={caption} columns={columns} rows={rows} rowKey={rowKey} firstSerial={pageWindow(page).offset + 1} />
      )}
      <Pagination page={page} pages={pageCount(total)} href={href} className="mt-6" />
    </>
  );
}
