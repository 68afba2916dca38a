import { and, asc, getTableColumns, gte, lt, lte, min, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { ledgerEntries, ledgerMonths } from "#db/schema/index.ts";
import { ledgerTotalsOf, type LedgerMonthGroup, type LedgerTotals } from "./ledger.ts";

// Reading the ledger for reports (docs/decisions/015, "Reports"): sums, sums by month and one
// month's entries. Every sum is made in SQL over integer cents; a period is a half-open range
// of instants [from, to), so the ledger_entries_occurred_idx index finds its rows. Sums by
// month and over all time come from the monthly summary the database keeps (docs/decisions/034).

export type LedgerPeriod = { from: Date; to: Date };

export type { LedgerMonthGroup, LedgerTotals };

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

const inPeriod = (period: LedgerPeriod) => and(gte(ledgerEntries.occurredAt, period.from), lt(ledgerEntries.occurredAt, period.to));

const toNumber = (value: unknown) => Number(value ?? 0);

/** Months as the ledger's summary keys them: "2026-03" to "2027-02", both included. */
export type LedgerMonths = { first: string; last: string };

/** Payments, refunds and revenue (payments minus refunds) in a period, or over all time without one. */
export async function ledgerTotals(db: Db, period?: LedgerPeriod): Promise<LedgerTotals> {
  // All time is the sum of the monthly summary (docs/decisions/034): a few rows a month, however long the ledger.
  if (!period) return ledgerTotalsOf(await monthGroups(db));
  const groups = await db
    .select({
      bookingKind: ledgerEntries.bookingKind,
      entryType: ledgerEntries.entryType,
      cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`,
      entries: sql<string>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(inPeriod(period))
    .groupBy(ledgerEntries.bookingKind, ledgerEntries.entryType);
  return ledgerTotalsOf(groups.map((group) => ({ ...group, cents: toNumber(group.cents), entries: toNumber(group.entries) })));
}

/**
 * Sums of payments and refunds of each kind of booking in each South African calendar month
 * from `first` to `last`, read from the monthly summary the database keeps (ledger_months,
 * docs/decisions/034); months without entries have no groups.
 */
export async function ledgerGroupsByMonth(db: Db, months: LedgerMonths): Promise<LedgerMonthGroup[]> {
  return monthGroups(db, months);
}

async function monthGroups(db: Db, months?: LedgerMonths): Promise<LedgerMonthGroup[]> {
  const rows = await db
    .select({
      month: sql<string>`to_char(${ledgerMonths.month}, 'YYYY-MM')`,
      bookingKind: ledgerMonths.bookingKind,
      entryType: ledgerMonths.entryType,
      cents: ledgerMonths.cents,
      entries: ledgerMonths.entries,
    })
    .from(ledgerMonths)
    .where(months ? and(gte(ledgerMonths.month, `${months.first}-01`), lte(ledgerMonths.month, `${months.last}-01`)) : undefined)
    .orderBy(asc(ledgerMonths.month), asc(ledgerMonths.bookingKind), asc(ledgerMonths.entryType));
  return rows.map((row) => ({ ...row, cents: toNumber(row.cents), entries: toNumber(row.entries) }));
}

/** Every entry of the period, oldest first (the monthly statement). */
export async function ledgerEntriesIn(db: Db, period: LedgerPeriod): Promise<LedgerEntry[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(inPeriod(period))
    .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

/** Where a batch of a period's entries ended: its last entry's instants (as text, to the microsecond) and id. */
type LedgerCursor = { occurredAt: string; createdAt: string; id: string };

/**
 * The period's entries in the statement's order (oldest first), read in batches of
 * `batchSize`, each batch the entries after the previous batch's last one (keyset on
 * occurred_at, created_at, id), so a long period is never held in memory at once
 * (docs/decisions/029). The cursor's instants are read as text: a JavaScript Date keeps
 * milliseconds and would skip or repeat entries a microsecond apart.
 */
export async function* ledgerEntryBatchesIn(db: Db, period: LedgerPeriod, batchSize: number): AsyncGenerator<LedgerEntry[]> {
  let after: LedgerCursor | undefined;
  for (;;) {
    const rows = await db
      .select({ ...getTableColumns(ledgerEntries), cursorOccurredAt: sql<string>`${ledgerEntries.occurredAt}::text`, cursorCreatedAt: sql<string>`${ledgerEntries.createdAt}::text` })
      .from(ledgerEntries)
      .where(
        and(
          inPeriod(period),
          // The first condition alone lets ledger_entries_occurred_idx seek to the cursor; the row comparison settles ties.
          after ? sql`${ledgerEntries.occurredAt} >= ${after.occurredAt}::timestamptz` : undefined,
          after
            ? sql`(${ledgerEntries.occurredAt}, ${ledgerEntries.createdAt}, ${ledgerEntries.id}) > (${after.occurredAt}::timestamptz, ${after.createdAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(ledgerEntries.occurredAt), asc(ledgerEntries.createdAt), asc(ledgerEntries.id))
      .limit(batchSize);
    if (rows.length > 0) yield rows.map(({ cursorOccurredAt: _occurredAt, cursorCreatedAt: _createdAt, ...entry }) => entry);
    if (rows.length < batchSize) return;
    const last = rows.at(-1)!;
    after = { occurredAt: last.cursorOccurredAt, createdAt: last.cursorCreatedAt, id: last.id };
  }
}

/** When the oldest entry's money moved; undefined while the ledger is empty. */
export async function firstLedgerEntryAt(db: Db): Promise<Date | undefined> {
  const [row] = await db.select({ first: min(ledgerEntries.occurredAt) }).from(ledgerEntries);
  return row?.first ?? undefined;
}
