import type { Db } from "#db/client.ts";
import type { BookingKind, LedgerEntryType, LedgerProvider } from "#db/schema/enums.ts";
import { bookingKindLabels, ledgerEntryTypeLabels, ledgerProviderLabels, signedCents, type LedgerTotals } from "~/features/payments/ledger.ts";
import { firstLedgerEntryAt, ledgerEntriesIn, ledgerEntryBatchesIn, ledgerTotals, type LedgerEntry } from "~/features/payments/service.server.ts";
import { csvDownload, csvStream } from "~/lib/csv.server.ts";
import { centsToDecimal, saDateTime } from "~/lib/format.ts";
import { bookingReference } from "~/lib/ids.ts";
import { addMonths, monthLabel, monthOf, monthRange, monthsBetweenNewestFirst, type MonthKey } from "./months.ts";

// /admin/statement (docs/product.md §3.3): one South African calendar month of the ledger,
// every payment and refund with who and why, the month's totals, and the same as a CSV.

export type StatementRow = {
  id: string;
  /** When the money moved, as an ISO instant (the page shows it in South African time). */
  occurredAt: string;
  reference: string;
  bookingKind: BookingKind;
  kind: string;
  entryType: LedgerEntryType;
  type: string;
  provider: LedgerProvider;
  providerLabel: string;
  /** Signed: a refund is negative. */
  amountCents: number;
  currency: string;
  by: string;
  reason: string;
};

export type Statement = {
  month: MonthKey;
  monthLabel: string;
  /** The month picker's choices, newest first: from the ledger's first month (or a year back) to this month. */
  months: { value: MonthKey; label: string }[];
  rows: StatementRow[];
  /** Payments, refunds and revenue (payments minus refunds), overall and by kind of booking. */
  totals: LedgerTotals;
};

function statementRow(entry: LedgerEntry): StatementRow {
  return {
    id: entry.id,
    occurredAt: entry.occurredAt.toISOString(),
    reference: bookingReference(entry.bookingId),
    bookingKind: entry.bookingKind,
    kind: bookingKindLabels[entry.bookingKind],
    entryType: entry.entryType,
    type: ledgerEntryTypeLabels[entry.entryType],
    provider: entry.provider,
    providerLabel: ledgerProviderLabels[entry.provider],
    amountCents: signedCents(entry),
    currency: entry.currency,
    by: entry.actorName,
    reason: entry.reason ?? "",
  };
}

/** The picker always offers at least this many months, this one included. */
const PICKER_MONTHS = 12;

/** The months a statement can be asked for: from the ledger's first month (or a year back, if that is earlier) to this month, and the one shown. */
function pickerMonths(shown: MonthKey, firstEntry: Date | undefined, now: Date): Statement["months"] {
  const current = monthOf(now);
  const yearBack = addMonths(current, -(PICKER_MONTHS - 1));
  const first = firstEntry && monthOf(firstEntry) < yearBack ? monthOf(firstEntry) : yearBack;
  const months = monthsBetweenNewestFirst(first, current);
  if (!months.includes(shown)) months.push(shown);
  return months.sort((a, b) => b.localeCompare(a)).map((value) => ({ value, label: monthLabel(value) }));
}

/** The statement of `month` ("2026-03"); this month's when none is given. */
export async function monthlyStatement(db: Db, month: MonthKey | undefined, now = new Date()): Promise<Statement> {
  const shown = month ?? monthOf(now);
  const period = monthRange(shown);
  const [entries, totals, firstEntry] = await Promise.all([ledgerEntriesIn(db, period), ledgerTotals(db, period), firstLedgerEntryAt(db)]);
  return { month: shown, monthLabel: monthLabel(shown), months: pickerMonths(shown, firstEntry, now), rows: entries.map(statementRow), totals };
}

export const STATEMENT_CSV_COLUMNS = ["Date (South African time)", "Booking reference", "Kind", "Type", "Provider", "Amount (R)", "Currency", "By", "Reason", "Entry id"] as const;

const AMOUNT_COLUMN = STATEMENT_CSV_COLUMNS.indexOf("Amount (R)");

function csvRow(row: StatementRow): string[] {
  return [saDateTime(row.occurredAt), row.reference, row.kind, row.type, row.providerLabel, centsToDecimal(row.amountCents), row.currency, row.by, row.reason, row.id];
}

/** Entries per read of the CSV: memory holds about one batch, however busy the month was. */
export const STATEMENT_CSV_BATCH = 500;

/**
 * The month's entries as CSV, one line each, refunds negative, so a spreadsheet's sum of the
 * amounts is the month's revenue. Streamed like the bookings CSV (docs/decisions/029): read in
 * batches, each only when the download asks for more.
 */
export function statementCsv(db: Db, month: MonthKey, { batchSize = STATEMENT_CSV_BATCH } = {}): { filename: string; body: ReadableStream<Uint8Array> } {
  async function* csvRows() {
    for await (const entries of ledgerEntryBatchesIn(db, monthRange(month), batchSize)) yield entries.map((entry) => csvRow(statementRow(entry)));
  }
  return { filename: `ledger-statement-${month}.csv`, body: csvStream(STATEMENT_CSV_COLUMNS, csvRows(), { numericColumns: [AMOUNT_COLUMN] }) };
}

/** The statement of `month` (this month's when none is given) as a CSV download. */
export function statementCsvResponse(db: Db, month: MonthKey | undefined, now = new Date()): Response {
  const { filename, body } = statementCsv(db, month ?? monthOf(now));
  return csvDownload(filename, body);
}
