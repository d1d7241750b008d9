import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** A column; a cell that renders nothing (null, undefined, false or "") is left out of a phone's card. */
export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

const isEmpty = (content: ReactNode) => content === null || content === undefined || content === false || content === "";

/**
 * A dashboard table with a Serial No column (`serialHeader`, by default "Serial No" in the page's
 * language) counted from 1 (from `firstSerial` on later pages of a paginated list). From medium
 * screens up it is a table; on phones each row is a card of "label: value" lines, so nothing scrolls
 * sideways and no column is hidden (a line whose value is empty, such as a vote without a comment, is
 * left out of its card). The ARIA table roles are set explicitly because Chromium and Safari drop a
 * table's semantics once it is no longer displayed as a table.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  firstSerial = 1,
  serialHeader,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  firstSerial?: number;
  serialHeader?: string;
}) {
  const t = useTranslations("dashboard.table");
  const serial = serialHeader ?? t("serialNo");
  // On phones each cell starts with its column's name, from `data-label` (CSS generated content, so
  // it is not part of the cell's text; screen readers already announce the column header). A row's and
  // a cell's classes are named once in app/globals.css (`.data-row`, `.data-cell`): every row sends
  // them, in the HTML and again in the page's RSC payload.
  return (
    // `relative` + overflow: absolutely positioned content (screen-reader-only labels of row controls)
    // is clipped here instead of widening the whole page on phones.
    // Focusable and named: a keyboard user can scroll it sideways (axe: scrollable-region-focusable).
    <div
      role="group"
      aria-label={caption}
      tabIndex={0}
      className="relative max-md:overflow-hidden md:overflow-x-auto md:rounded-xl md:border md:border-slate-200"
      data-testid="data-table"
    >
      <table role="table" className="block w-full text-left text-sm md:table md:min-w-[40rem]">
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className="bg-slate-50 text-slate-700 max-md:sr-only">
          <tr role="row">
            <th role="columnheader" scope="col" className="w-20 px-4 py-3 font-semibold">
              {serial}
            </th>
            {columns.map((c) => (
              <th key={c.header} role="columnheader" scope="col" className="px-4 py-3 font-semibold">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="block space-y-3 md:table-row-group md:space-y-0">
          {rows.map((row, i) => (
            <tr key={rowKey(row)} role="row" className="data-row">
              <td role="cell" data-label={serial} className="data-cell tabular-nums">
                <span>{firstSerial + i}</span>
              </td>
              {columns.map((c) => {
                const content = c.cell(row);
                return (
                  <td key={c.header} role="cell" data-label={c.header} className={cn("data-cell", isEmpty(content) && "max-md:hidden")}>
                    <div className={cn("min-w-0", c.className)}>{content}</div>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A refusal the page expected (no such survey, someone else's), in place of the page's content. */
export function LoadError({ message }: { message: string }) {
  const t = useTranslations("dashboard.table");
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">
      {t("error", { message })}
    </p>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">{children}</div>;
}
