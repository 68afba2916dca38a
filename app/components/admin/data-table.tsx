import { clsx } from "clsx";
import type { CSSProperties, ReactNode } from "react";

export type Column<Row> = {
  key: string;
  /** Usually text; may hold a filter control (FilterPopover). */
  header: ReactNode;
  /** The column's name as text, when `header` is a control: each stacked card labels its cells with it. */
  label?: string;
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

/** A column's name as text: its header when that is text, else its label. */
function columnName<Row>(column: Column<Row>): string | undefined {
  return typeof column.header === "string" ? column.header : column.label;
}

/**
 * A dense admin table with a caption, column headers and an empty row. From 768 px it is a
 * table that scrolls sideways when narrower than `minWidth`; below that every row is a stacked
 * card (each value under its column's name, the row's actions in view) and only the header
 * controls (filters) stay above the cards, so nothing needs sideways scrolling on a phone.
 * Explicit roles keep the table's semantics whichever way it is laid out.
 */
export function DataTable<Row>({ caption, columns, rows, rowKey, empty, minWidth = "52rem" }: Props<Row>) {
  const controls = columns.some((column) => typeof column.header !== "string");
  return (
    // A scrolling region must be reachable by keyboard (WCAG 2.1.1): it takes focus and is named.
    // relative: the containing block of the cells' sr-only labels, so they scroll with the table.
    <div tabIndex={0} role="region" aria-label={caption} className="relative rounded-xl border border-ink-100 bg-white shadow-sm md:overflow-x-auto">
      <table role="table" className="w-full text-left text-sm max-md:block md:min-w-(--table-min-width)" style={{ "--table-min-width": minWidth } as CSSProperties}>
        <caption className="sr-only">{caption}</caption>
        <thead role="rowgroup" className={clsx("border-b border-ink-100 bg-ink-50 text-xs tracking-wide text-ink-700 uppercase max-md:block", !controls && "max-md:hidden")}>
          <tr role="row" className="max-md:flex max-md:flex-wrap max-md:gap-2 max-md:px-3 max-md:py-2">
            {columns.map((column) => (
              <th
                key={column.key}
                role="columnheader"
                scope="col"
                className={clsx("px-3 py-2.5 font-semibold whitespace-nowrap max-md:p-0", typeof column.header === "string" && "max-md:hidden", column.headerClassName)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-ink-100 max-md:block">
          {rows.length === 0 ? (
            <tr role="row" className="max-md:block">
              <td role="cell" colSpan={columns.length} className="px-4 py-10 text-center max-md:block">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} role="row" className="align-top hover:bg-ink-50/60 max-md:block max-md:py-2">
                {columns.map((column) => {
                  const name = columnName(column);
                  return (
                    <td key={column.key} role="cell" className={clsx("px-3 py-2.5 max-md:block max-md:py-1 max-md:break-words", column.className)}>
                      {name ? <span className="block text-xs font-semibold tracking-wide text-ink-700 uppercase md:hidden">{name}</span> : null}
                      {column.cell(row)}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
