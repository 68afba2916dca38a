import { clsx } from "clsx";
import type { ReactNode } from "react";

export type Column<Row> = {
  key: string;
  /** Usually text; may hold a filter control (FilterPopover). */
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  className?: string;
  headerClassName?: string;
};

type Props<Row> = {
  /** Read by screen readers before the table (visually hidden). */
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** Shown in one full-width row when there are no rows. */
  empty: ReactNode;
  /** Below this width the table scrolls sideways instead of squashing. */
  minWidth?: string;
};

/** A dense, scrollable admin table with a caption, column headers and an empty row. */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty, minWidth = "52rem" }: Props<Row>) {
  // relative: the containing block of the cells' sr-only labels, so they scroll with the
  // table instead of widening the page.
  return (
    // A scrolling region must be reachable by keyboard (WCAG 2.1.1): it takes focus and is named.
    <div tabIndex={0} role="region" aria-label={caption} className="relative overflow-x-auto rounded-xl border border-ink-100 bg-white shadow-sm">
      <table className="w-full text-left text-sm" style={{ minWidth }}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-ink-100 bg-ink-50 text-xs tracking-wide text-ink-700 uppercase">
          <tr>
            {columns.map((column) => (
              <th key={column.key} scope="col" className={clsx("px-3 py-2.5 font-semibold whitespace-nowrap", column.headerClassName)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-10 text-center">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="align-top hover:bg-ink-50/60">
                {columns.map((column) => (
                  <td key={column.key} className={clsx("px-3 py-2.5", column.className)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
