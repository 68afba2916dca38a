import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "#db/client.ts";
import { ledgerEntries, refunds } from "#db/schema/index.ts";
import type { BookingKind, LedgerProvider } from "#db/schema/enums.ts";
import type { LedgerTotals } from "./refund-rules.ts";

// The ledger and the refund requests (docs/decisions/015): the only code that touches
// ledger_entries and refunds. The ledger is append-only: rows are inserted, never changed.

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntry = typeof ledgerEntries.$inferInsert;
export type RefundRow = typeof refunds.$inferSelect;
export type BookingRef = { bookingKind: BookingKind; bookingId: string };

/**
 * Serialises everything that moves one booking's money back (a refund asked for, settled, or
 * reported by a webhook) for the rest of the transaction. Taken first, before any row lock, so
 * it never meets the seminar → booking order of the seat locks the other way round.
 */
export async function lockBookingMoney(tx: Db, { bookingKind, bookingId }: BookingRef): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payments:booking-money'), hashtext(${`${bookingKind}:${bookingId}`}))`);
}

/** Appends one row; false when the provider's movement is already on record (a replayed webhook, a race). */
export async function insertLedgerEntry(tx: Db, row: NewLedgerEntry): Promise<boolean> {
  const inserted = await tx
    .insert(ledgerEntries)
    .values(row)
    .onConflictDoNothing({ target: [ledgerEntries.provider, ledgerEntries.entryType, ledgerEntries.providerReference] })
    .returning({ id: ledgerEntries.id });
  return inserted.length > 0;
}

const ofBooking = ({ bookingKind, bookingId }: BookingRef) => and(eq(ledgerEntries.bookingKind, bookingKind), eq(ledgerEntries.bookingId, bookingId));

/** A booking's ledger rows, oldest first. */
export async function ledgerOf(db: Db, booking: BookingRef): Promise<LedgerEntryRow[]> {
  return db.select().from(ledgerEntries).where(ofBooking(booking)).orderBy(ledgerEntries.occurredAt, ledgerEntries.createdAt);
}

/** What the ledger says of a booking: received, given back, and what pending refunds have reserved. */
export async function ledgerTotals(db: Db, booking: BookingRef): Promise<LedgerTotals> {
  const [moved] = await db
    .select({
      paidCents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.entryType} = 'payment'), 0)::int`,
      refundedCents: sql<number>`coalesce(sum(${ledgerEntries.amountCents}) filter (where ${ledgerEntries.entryType} = 'refund'), 0)::int`,
    })
    .from(ledgerEntries)
    .where(ofBooking(booking));
  const [pending] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.bookingKind, booking.bookingKind), eq(refunds.bookingId, booking.bookingId), eq(refunds.status, "pending")));
  return { paidCents: Number(moved?.paidCents ?? 0), refundedCents: Number(moved?.refundedCents ?? 0), pendingRefundCents: Number(pending?.cents ?? 0) };
}

/** The booking's latest payment: the one a refund goes back through. */
export async function latestPayment(db: Db, booking: BookingRef): Promise<LedgerEntryRow | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(ofBooking(booking), eq(ledgerEntries.entryType, "payment")))
    .orderBy(desc(ledgerEntries.occurredAt), desc(ledgerEntries.createdAt))
    .limit(1);
  return row;
}

export async function insertRefund(tx: Db, row: typeof refunds.$inferInsert): Promise<RefundRow> {
  const [inserted] = await tx.insert(refunds).values(row).returning();
  return inserted!;
}

export async function refundByIdempotencyKey(db: Db, key: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  return row;
}

export async function refundByProviderId(db: Db, provider: LedgerProvider, providerRefundId: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(and(eq(refunds.provider, provider), eq(refunds.providerRefundId, providerRefundId)));
  return row;
}

export async function lockRefund(tx: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for("update");
  return row;
}

export async function updateRefund(
  tx: Db,
  id: string,
  changes: Partial<Pick<RefundRow, "status" | "providerRefundId" | "failureReason">>,
): Promise<RefundRow> {
  const [row] = await tx.update(refunds).set(changes).where(eq(refunds.id, id)).returning();
  return row!;
}

/** A booking's refund requests, newest first (the refund dialog lists them). */
export async function refundsOf(db: Db, { bookingKind, bookingId }: BookingRef): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(and(eq(refunds.bookingKind, bookingKind), eq(refunds.bookingId, bookingId)))
    .orderBy(desc(refunds.createdAt));
}

export async function refundById(db: Db, id: string): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

