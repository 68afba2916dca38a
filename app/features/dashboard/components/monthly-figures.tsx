import { ReceiptText } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { formatRand } from "~/lib/format.ts";
import type { MonthlyFigures } from "../monthly-figures.ts";

// "Revenue and seats sold by month" (docs/product.md §3.3): a chart for the eye and the same
// figures in a table that screen readers (and a page without JavaScript) read.

// Recharts is fetched only here, once the page is interactive: it never reaches a public page
// and does not hold up the dashboard's first paint.
const MonthlyChart = lazy(() => import("./monthly-chart.tsx"));

const countFormat = new Intl.NumberFormat("en-GB");

function ChartSlot({ rows }: { rows: readonly MonthlyFigures[] }) {
  const hydrated = useHydrated();
  return (
    // Hidden from assistive technology: the table below says the same.
    <div aria-hidden="true" data-testid="monthly-chart" className="min-h-56 md:min-h-64">
      {hydrated ? (
        <Suspense fallback={null}>
          <MonthlyChart rows={rows} />
        </Suspense>
      ) : null}
    </div>
  );
}

const cell = "px-3 py-2 text-right tabular-nums whitespace-nowrap max-md:flex max-md:justify-between max-md:gap-3 max-md:p-0 max-md:text-left";
const label = "text-xs font-semibold text-ink-700 md:hidden";

/**
 * A real table at every width. Below 768 px each month is a small card (the values in two
 * columns, each under its name), so nothing scrolls sideways; the roles keep it a table.
 */
function MonthlyTable({ rows }: { rows: readonly MonthlyFigures[] }) {
  const columns = ["Seminars", "Consultations", "Revenue", "Seats sold"] as const;
  return (
    <div className="rounded-xl border border-ink-100 bg-white shadow-sm">
      <table role="table" className="w-full text-sm max-md:block">
        <caption className="px-3 pt-3 pb-2 text-left text-sm font-semibold text-ink-800 max-md:block">
          Revenue and seats sold by month, last {rows.length} months (payments minus refunds, South African time)
        </caption>
        <thead role="rowgroup" className="border-y border-ink-100 bg-ink-50 text-xs tracking-wide text-ink-700 uppercase max-md:hidden">
          <tr role="row">
            <th role="columnheader" scope="col" className="px-3 py-2 text-left font-semibold">
              Month
            </th>
            {columns.map((name) => (
              <th key={name} role="columnheader" scope="col" className="px-3 py-2 text-right font-semibold">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="divide-y divide-ink-100 max-md:block">
          {[...rows].reverse().map((row) => {
            const values = [formatRand(row.seminarCents), formatRand(row.consultationCents), formatRand(row.netCents), countFormat.format(row.seatsSold)];
            return (
              <tr key={row.month} role="row" className="max-md:grid max-md:grid-cols-2 max-md:gap-x-4 max-md:gap-y-1 max-md:px-3 max-md:py-2">
                <th role="rowheader" scope="row" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-ink-900 max-md:col-span-2 max-md:p-0">
                  {row.label}
                </th>
                {values.map((value, index) => (
                  <td key={columns[index]} role="cell" className={cell}>
                    <span className={label}>{columns[index]}</span>
                    <span className={index === 2 ? "font-semibold text-ink-950" : "text-ink-800"}>{value}</span>
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function NoPaymentsYet() {
  return (
    <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-ink-200 bg-white px-6 py-10 text-center">
      <ReceiptText aria-hidden="true" className="size-8 text-ink-500" />
      <p className="font-semibold text-ink-900">No payments yet</p>
      <p className="max-w-md text-sm text-ink-700">
        When a seminar seat or a consultation is paid for, or staff record a payment, the month’s revenue and seats sold appear here, with a statement for
        each month.
      </p>
    </div>
  );
}

/** The last months' revenue by kind and seats sold, as a chart and a table; "No payments yet" while the ledger is empty. */
export function MonthlyFiguresSection({ rows, hasLedgerEntries, statementMonth }: { rows: readonly MonthlyFigures[]; hasLedgerEntries: boolean; statementMonth: string }) {
  return (
    <section aria-labelledby="monthly-heading" className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div>
          <h2 id="monthly-heading" className="text-xl font-semibold text-ink-900">
            Revenue and seats sold by month
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Payments received minus refunds made, from the ledger. A seat counts in the month it was paid for, unless its payment was refunded in full.
          </p>
        </div>
        <Link to={`/admin/statement?month=${statementMonth}`} className="inline-flex items-center gap-1 text-sm font-semibold text-ink-900 underline underline-offset-2">
          <ReceiptText aria-hidden="true" className="size-4" />
          Monthly statement
        </Link>
      </div>
      {hasLedgerEntries ? (
        <div className="space-y-4">
          <div className="rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
            <ChartSlot rows={rows} />
          </div>
          <MonthlyTable rows={rows} />
        </div>
      ) : (
        <NoPaymentsYet />
      )}
    </section>
  );
}
