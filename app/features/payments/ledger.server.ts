import { and, asc, getTableColumns, gte, lt, min, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import { ledgerEntries } from "#db/schema/index.ts";
import type { BookingKind, LedgerEntryType } from "#db/schema/enums.ts";
import { ledgerTotalsOf, type LedgerMonthGroup, type LedgerTotals } from "./ledger.ts";

// Reading the ledger for reports (docs/decisions/015, "Reports"): sums, sums by month and one
// month's entries. Every sum is made in SQL over integer cents; a period is a half-open range
// of instants [from, to), so the ledger_entries_occurred_idx index finds its rows.

export type LedgerPeriod = { from: Date; to: Date };

export type { LedgerMonthGroup, LedgerTotals };

export type LedgerEntry = typeof ledgerEntries.$inferSelect;

const inPeriod = (period: LedgerPeriod) => and(gte(ledgerEntries.occurredAt, period.from), lt(ledgerEntries.occurredAt, period.to));

const toNumber = (value: unknown) => Number(value ?? 0);

/** Payments, refunds and revenue (payments minus refunds) in a period, or over all time without one. */
export async function ledgerTotals(db: Db, period?: LedgerPeriod): Promise<LedgerTotals> {
  const groups = await db
    .select({
      bookingKind: ledgerEntries.bookingKind,
      entryType: ledgerEntries.entryType,
      cents: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)::bigint`,
      entries: sql<string>`count(*)::int`,
    })
    .from(ledgerEntries)
    .where(period ? inPeriod(period) : undefined)
    .groupBy(ledgerEntries.bookingKind, ledgerEntries.entryType);
  return ledgerTotalsOf(groups.map((group) => ({ ...group, cents: toNumber(group.cents), entries: toNumber(group.entries) })));
}

/**
 * Sums of payments and refunds of each kind of booking in each calendar month of `timeZone`
 * within the period; months without entries have no groups.
 */
export async function ledgerGroupsByMonth(db: Db, period: LedgerPeriod, timeZone: string): Promise<LedgerMonthGroup[]> {
  const rows = rowsOf<{ month: string; bookingKind: BookingKind; entryType: LedgerEntryType; cents: unknown; entries: unknown }>(
    await db.execute(sql`
      select to_char(occurred_at at time zone ${timeZone}, 'YYYY-MM') as "month",
             booking_kind as "bookingKind",
             entry_type as "entryType",
             sum(amount_cents)::bigint as "cents",
             count(*)::int as "entries"
        from ledger_entries
       where occurred_at >= ${period.from.toISOString()}::timestamptz and occurred_at < ${period.to.toISOString()}::timestamptz
       group by 1, 2, 3
       order by 1, 2, 3
    `),
  );
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

/**
 * Bookings of one kind first paid in the period, counted by the `timeZone` month of their first
 * payment, less those whose refunds have since reached what was paid (fully refunded). A
 * booking already paid before the period is not counted again. `weight` turns the count into a
 * sum: given the booking's id, what one booking counts for (a seminar booking: its seats).
 */
export async function bookingsFirstPaidByMonth(
  db: Db,
  bookingKind: BookingKind,
  period: LedgerPeriod,
  timeZone: string,
  weight: (bookingId: SQL) => SQL = () => sql`1`,
): Promise<{ month: string; bookings: number }[]> {
  const from = period.from.toISOString();
  const rows = rowsOf<{ month: string; bookings: unknown }>(
    await db.execute(sql`
      select to_char(paid.first_paid_at at time zone ${timeZone}, 'YYYY-MM') as "month", sum(${weight(sql`paid.booking_id`)})::int as "bookings"
        from (
          select booking_id, min(occurred_at) as first_paid_at
            from ledger_entries
           where booking_kind = ${bookingKind} and entry_type = 'payment'
             and occurred_at >= ${from}::timestamptz and occurred_at < ${period.to.toISOString()}::timestamptz
           group by booking_id
        ) paid
       where not exists (
               select 1 from ledger_entries earlier
                where earlier.booking_kind = ${bookingKind} and earlier.booking_id = paid.booking_id
                  and earlier.entry_type = 'payment' and earlier.occurred_at < ${from}::timestamptz)
         and (select coalesce(sum(case when entry.entry_type = 'payment' then entry.amount_cents else -entry.amount_cents end), 0)
                from ledger_entries entry
               where entry.booking_kind = ${bookingKind} and entry.booking_id = paid.booking_id) > 0
       group by 1
       order by 1
    `),
  );
  return rows.map((row) => ({ month: row.month, bookings: toNumber(row.bookings) }));
}
