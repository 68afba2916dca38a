import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { rowsOf, type Db } from "#db/client.ts";
import { checkoutSessions } from "#db/schema/index.ts";
import type { BookingKind, CheckoutStatus } from "#db/schema/enums.ts";

export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;

export async function insertCheckoutSession(db: Db, row: typeof checkoutSessions.$inferInsert): Promise<void> {
  await db.insert(checkoutSessions).values(row);
}

/** Providers' session ids are letters, digits and underscores; a visitor's made-up id (a NUL byte would fail the query) names none. */
const SESSION_ID = /^[A-Za-z0-9_]{1,255}$/;

export async function findCheckoutSession(db: Db, sessionId: string): Promise<CheckoutSessionRow | undefined> {
  if (!SESSION_ID.test(sessionId)) return undefined;
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
  return row;
}

export async function lockCheckoutSession(tx: Db, sessionId: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)).for("update");
  return row;
}

// A checkout's state moves only by compare-and-set (docs/decisions/017): each write names the
// state it moves from, and no row back means another outcome won first.

/** open → expired, only while it is still open; undefined when it was not (paid, or already expired). */
export async function expireOpenCheckout(db: Db, sessionId: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db
    .update(checkoutSessions)
    .set({ status: "expired" })
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.status, "open")))
    .returning();
  return row;
}

/**
 * → paid, only from one of `from`, and with `payableAt` only while the checkout lasts (the
 * test checkout, whose own clock decides); undefined when another outcome got there first.
 */
export async function markCheckoutPaid(
  tx: Db,
  sessionId: string,
  { from, now, payableAt }: { from: readonly CheckoutStatus[]; now: Date; payableAt?: Date },
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await tx
    .update(checkoutSessions)
    .set({ status: "paid", completedAt: now })
    .where(
      and(
        eq(checkoutSessions.id, sessionId),
        inArray(checkoutSessions.status, [...from]),
        payableAt ? gt(checkoutSessions.expiresAt, payableAt) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function openSessionsForBooking(db: Db, bookingKind: BookingKind, bookingId: string): Promise<CheckoutSessionRow[]> {
  return db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.bookingKind, bookingKind), eq(checkoutSessions.bookingId, bookingId), eq(checkoutSessions.status, "open")));
}

/** Whether a checkout was ever opened for the booking, or the ledger holds money of it (what the bookings' delete trigger also asks). */
export async function checkoutOrLedgerExists(db: Db, bookingKind: BookingKind, bookingId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from checkout_sessions c where c.booking_kind = ${bookingKind} and c.booking_id = ${bookingId})
        or exists (select 1 from ledger_entries l where l.booking_kind = ${bookingKind} and l.booking_id = ${bookingId}) as found`);
  return Boolean(rowsOf<{ found: boolean }>(result)[0]?.found);
}
