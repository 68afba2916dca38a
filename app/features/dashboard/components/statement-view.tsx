import { Download } from "lucide-react";
import { Form } from "react-router";
import { formatAdminDateTime } from "~/components/admin/dates.ts";
import { DataTable, type Column } from "~/components/admin/data-table.tsx";
import { StatusBadge } from "~/components/admin/status-badge.tsx";
import { formatRand } from "~/lib/format.ts";
import type { Statement, StatementRow } from "../statement.server.ts";

// The monthly statement's parts: the month picker (a GET form, no JavaScript needed), the
// month's totals and its ledger entries.

const control = "block w-full rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-950 hover:border-ink-500 focus-visible:border-ink-900";

/** Choose a month and show it; the CSV link downloads the month on screen. */
export function StatementPicker({ statement }: { statement: Pick<Statement, "month" | "monthLabel" | "months"> }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3 rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
      <Form method="get" action="/admin/statement" aria-label="Choose a month" className="flex flex-wrap items-end gap-2">
        <div className="min-w-48">
          <label htmlFor="statement-month" className="block text-xs font-semibold tracking-wide text-ink-800 uppercase">
            Month
          </label>
          <select key={statement.month} id="statement-month" name="month" defaultValue={statement.month} className={`${control} mt-1`}>
            {statement.months.map((month) => (
              <option key={month.value} value={month.value}>
                {month.label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="inline-flex cursor-pointer items-center rounded-lg bg-ink-900 px-4 py-2 text-sm font-semibold text-white hover:bg-ink-800">
          Show
        </button>
      </Form>
      <a
        href={`/admin/statement?${new URLSearchParams({ month: statement.month, format: "csv" })}`}
        download
        className="inline-flex items-center gap-2 rounded-lg border border-ink-900 px-3 py-1.5 text-sm font-semibold text-ink-900 hover:bg-ink-900 hover:text-white"
      >
        <Download aria-hidden="true" className="size-4" />
        Download CSV
        <span className="sr-only"> of the statement for {statement.monthLabel}</span>
      </a>
    </div>
  );
}

const countText = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** Payments, refunds and what the month kept. */
export function StatementTotals({ statement }: { statement: Pick<Statement, "monthLabel" | "totals"> }) {
  const { totals } = statement;
  const figures = [
    { term: "Payments", value: formatRand(totals.paymentCents), note: countText(totals.payments, "payment", "payments") },
    { term: "Refunds", value: formatRand(-totals.refundCents), note: countText(totals.refunds, "refund", "refunds") },
    {
      term: "Revenue",
      value: formatRand(totals.netCents),
      note: `payments minus refunds: seminars ${formatRand(totals.byKind.seminar.netCents)}, consultations ${formatRand(totals.byKind.consultation.netCents)}`,
    },
  ];
  return (
    <section aria-labelledby="statement-totals-heading" className="space-y-3">
      <h2 id="statement-totals-heading" className="text-xl font-semibold text-ink-900">
        Totals for {statement.monthLabel}
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {figures.map((figure) => (
          <div key={figure.term} className="rounded-xl border border-ink-100 bg-white p-4 shadow-sm">
            <dt className="text-sm font-semibold text-ink-700">{figure.term}</dt>
            <dd className="mt-1 text-2xl font-semibold text-ink-950 tabular-nums">{figure.value}</dd>
            <dd className="text-xs text-ink-600">{figure.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

const columns: ReadonlyArray<Column<StatementRow>> = [
  { key: "date", header: "Date", cell: (row) => <span className="whitespace-nowrap">{formatAdminDateTime(row.occurredAt)}</span> },
  { key: "reference", header: "Booking", cell: (row) => <span className="font-mono">{row.reference}</span> },
  { key: "kind", header: "Kind", cell: (row) => row.kind },
  {
    key: "type",
    header: "Type",
    cell: (row) => <StatusBadge tone={row.entryType === "refund" ? "amber" : "green"}>{row.type}</StatusBadge>,
  },
  { key: "provider", header: "Provider", cell: (row) => row.providerLabel },
  {
    key: "amount",
    header: "Amount",
    cell: (row) => <span className="font-semibold whitespace-nowrap tabular-nums">{formatRand(row.amountCents)}</span>,
    className: "md:text-right",
    headerClassName: "text-right",
  },
  { key: "by", header: "By", cell: (row) => row.by },
  { key: "reason", header: "Reason", cell: (row) => row.reason || <span className="text-ink-600">—</span> },
];

/** Every payment and refund of the month, oldest first. */
export function StatementEntries({ statement }: { statement: Pick<Statement, "monthLabel" | "rows"> }) {
  return (
    <section aria-labelledby="statement-entries-heading" className="space-y-3">
      <h2 id="statement-entries-heading" className="text-xl font-semibold text-ink-900">
        Payments and refunds
      </h2>
      <DataTable
        caption={`Ledger entries for ${statement.monthLabel}, oldest first`}
        columns={columns}
        rows={statement.rows}
        rowKey={(row) => row.id}
        empty={<p className="text-sm text-ink-700">No payments or refunds in {statement.monthLabel}.</p>}
      />
    </section>
  );
}
