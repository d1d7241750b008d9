import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export type Column<T> = { header: string; cell: (row: T) => ReactNode; className?: string };

/**
 * A dashboard table with a Serial No column counted from 1 (from `firstSerial` on later pages of a
 * paginated list); scrolls sideways on small screens.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  firstSerial = 1,
  serialHeader = "Serial No",
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  firstSerial?: number;
  serialHeader?: string;
}) {
  return (
    // `relative`: absolutely positioned content (screen-reader-only labels of row controls) is then
    // clipped by this scroller instead of widening the whole page on phones.
    // Focusable and named: a keyboard user can scroll it sideways on a phone (axe: scrollable-region-focusable).
    <div
      role="group"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded-xl border border-slate-200"
    >
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="w-20 px-4 py-3 font-semibold">
              {serialHeader}
            </th>
            {columns.map((c) => (
              <th key={c.header} scope="col" className="px-4 py-3 font-semibold">
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row, i) => (
            <tr key={rowKey(row)} className="align-top hover:bg-slate-50">
              <td className="px-4 py-3 tabular-nums">{firstSerial + i}</td>
              {columns.map((c) => (
                <td key={c.header} className={cn("px-4 py-3", c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <div className="rounded-xl border border-dashed border-slate-300 p-8 text-center text-slate-600">{children}</div>;
}

export function LoadError({ message }: { message: string }) {
  return (
    <p role="alert" className="rounded-lg bg-red-50 p-4 font-medium text-red-800">
      Error: {message}
    </p>
  );
}

/** Runs a dashboard query; a failure becomes the page's 'Error: ' message instead of a crash. */
export async function loadRows<T>(query: () => Promise<T[]>): Promise<{ rows: T[] } | { error: string }> {
  try {
    return { rows: await query() };
  } catch (error) {
    console.error("Dashboard list failed", error);
    return { error: "Could not load this list. Please try again in a moment." };
  }
}
